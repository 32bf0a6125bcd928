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
  // Field-level problems of a rejected body (contract status.ts failSchema `issues`).
  readonly issues: readonly ApiIssue[];

  constructor(status: string, httpStatus: number, detail?: string, issues: readonly ApiIssue[] = []) {
    super(detail ? `${status}: ${detail}` : status);
    this.name = 'ApiError';
    this.status = status;
    this.httpStatus = httpStatus;
    this.detail = detail;
    this.issues = issues;
  }
}

export interface ApiIssue {
  // Where the server found the problem, e.g. "body.inn" or "inn".
  path: string;
  // A message code, e.g. "INN_NOT_VALID".
  code: string;
}

const REQUEST_PARTS = /^(body|querystring|params|headers)\./;

// The field names a failed call's issues point at (request part prefix dropped), with their
// codes; the status itself may also name the problem (e.g. UNIQUE_TG_ID_ERROR), so it is included
// under the empty field name.
export function failureCodes(error: unknown): { field: string; code: string }[] {
  if (!isApiError(error)) return [];
  return [
    { field: '', code: error.status },
    ...error.issues.map((issue) => ({ field: issue.path.replace(REQUEST_PARTS, ''), code: issue.code })),
  ];
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
