import { STATUS } from '@salon/contract/status';

// A coded failure a service raises; the one error handler turns it into `{ok:false, status, detail}`.
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    readonly detail?: string,
    // Field-level problems (`path: code`) the cabinet shows next to the inputs.
    readonly issues?: { path: string; code: string }[],
  ) {
    super(status);
  }
}

export const errors = {
  badRequest: (detail?: string) => new AppError(400, STATUS.badRequest, detail),
  // A rule of the request broke: the status names it, the issues say where.
  invalid: (status: string, issues?: { path: string; code: string }[], detail?: string) =>
    new AppError(400, status, detail, issues),
  unauthorized: (detail?: string) => new AppError(401, STATUS.unauthorized, detail),
  expiredToken: () => new AppError(401, STATUS.expiredToken, 'token_expired'),
  accessDenied: (detail?: string) => new AppError(403, STATUS.accessDenied, detail),
  failRights: (detail?: string) => new AppError(403, STATUS.failRights, detail),
  accountsNotFound: () => new AppError(404, STATUS.accountsNotFound),
  notFound: () => new AppError(404, STATUS.notFound),
  tooManyRequests: () => new AppError(429, STATUS.tooManyRequests),
  wrongPin: (attemptsLeft: number) => new AppError(401, STATUS.wrongPin, String(attemptsLeft)),
  pinExpired: () => new AppError(401, STATUS.pinExpired),
};
