import { STATUS } from '@salon/contract/status';
import { DomainError, type ErrorKind } from '../errors.js';

// The HTTP code of each kind of domain error: the only place the two meet.
export const HTTP_STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  too_many: 429,
  upstream: 502,
};
const KIND_OF = new Map(Object.entries(HTTP_STATUS_OF).map(([kind, code]) => [code, kind as ErrorKind]));

// The older spelling of a domain error, by HTTP code (`new AppError(409, status)`): the same error
// with the kind that code stands for. New code throws DomainError (platform/errors.ts).
export class AppError extends DomainError {
  constructor(httpStatus: number, status: string, detail?: string, issues?: { path: string; code: string }[]) {
    const kind = KIND_OF.get(httpStatus);
    // A code without a kind would silently become a 400: refuse it where it is written.
    if (!kind) throw new Error(`AppError: no error kind answers HTTP ${httpStatus}`);
    super(kind, status, detail, issues);
  }

  get httpStatus(): number {
    return HTTP_STATUS_OF[this.kind];
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
