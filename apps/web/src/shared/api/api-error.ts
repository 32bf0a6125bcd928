import { STATUS } from '@salon/contract/status-text';

// Our status text for a request that never got an HTTP answer (offline, DNS, CORS, server down).
export const NETWORK_ERROR_STATUS = 'Network error';
// Our status text for an answer that does not match the contract's schema.
export const BAD_RESPONSE_STATUS = 'Bad response';

// Every failed call surfaces as this: `status` is the server's status text (SPEC 8), which the
// errors namespace translates; `httpStatus` is 0 when there was no answer at all.
export class ApiError extends Error {
  readonly status: string;
  readonly httpStatus: number;
  readonly detail: string | undefined;

  constructor(status: string, httpStatus: number, detail?: string) {
    super(detail ? `${status}: ${detail}` : status);
    this.name = 'ApiError';
    this.status = status;
    this.httpStatus = httpStatus;
    this.detail = detail;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// A fallback status for answers without a usable body (proxies, crashes).
export function statusForHttp(httpStatus: number): string {
  if (httpStatus === 401) return STATUS.unauthorized;
  if (httpStatus === 403) return STATUS.accessDenied;
  if (httpStatus === 404) return STATUS.notFound;
  if (httpStatus === 429) return STATUS.tooManyRequests;
  if (httpStatus >= 400 && httpStatus < 500) return STATUS.badRequest;
  return STATUS.internal;
}
