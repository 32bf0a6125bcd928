// Zod-free half of status.ts, so code that must stay light (the web login page) can use the
// status texts without pulling in zod. status.ts re-exports everything here.

// Status texts the spec's server answers with (SPEC 7, 8). The web client switches on them,
// so they are exact strings, not translations.
export const STATUS = {
  accessDenied: 'Access denied',
  failRights: 'Fail rights',
  expiredToken: 'Expired token',
  accountsNotFound: 'accounts not found',
  objectNotUpdate: 'Object not update',
  badKeys: 'Некорректные ключи в сообщении',
  unauthorized: 'Unauthorized',
  // Ours, for cases the spec leaves open; each maps to a translated message in the cabinet.
  badRequest: 'Bad request',
  tooManyRequests: 'Too many requests',
  notFound: 'Not found',
  wrongPin: 'Wrong pin',
  pinExpired: 'Pin expired',
  internal: 'Internal error',
} as const;
export type StatusText = (typeof STATUS)[keyof typeof STATUS];

// Statuses that mean "this user may not see this branch/screen": the access-denied view (SPEC 8).
export const ACCESS_DENIED_STATUSES: readonly string[] = [
  STATUS.accessDenied,
  STATUS.failRights,
  STATUS.accountsNotFound,
];

// `detail` marks an expired access token: the client refreshes and retries silently (SPEC 4).
export const EXPIRED_TOKEN_DETAIL = 'token_expired';
