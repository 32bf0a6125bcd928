import { ACCESS_DENIED_STATUSES, STATUS } from '@salon/contract/status-text';
import { BAD_RESPONSE_STATUS, NETWORK_ERROR_STATUS, isApiError } from './api-error';

// The one place where server status texts (SPEC 8) become message keys of the errors namespace.
const STATUS_KEYS = {
  [STATUS.accessDenied]: 'accessDenied',
  [STATUS.failRights]: 'failRights',
  [STATUS.accountsNotFound]: 'accountsNotFound',
  [STATUS.expiredToken]: 'expiredToken',
  [STATUS.unauthorized]: 'unauthorized',
  [STATUS.badRequest]: 'badRequest',
  [STATUS.tooManyRequests]: 'tooManyRequests',
  [STATUS.notFound]: 'notFound',
  [STATUS.wrongPin]: 'wrongPin',
  [STATUS.pinExpired]: 'pinExpired',
  [STATUS.internal]: 'internal',
  [STATUS.objectNotUpdate]: 'objectNotUpdate',
  [STATUS.badKeys]: 'badKeys',
  // SPEC 6 error texts some answers carry verbatim.
  'Нет прав на управление филиалом': 'noBranchRights',
  'Недостаточно прав': 'failRights',
  'Не указан идентификатор пользователя': 'noUserId',
  [NETWORK_ERROR_STATUS]: 'network',
  [BAD_RESPONSE_STATUS]: 'badResponse',
} as const;

export type StatusMessageKey = `status.${(typeof STATUS_KEYS)[keyof typeof STATUS_KEYS] | 'unknown'}`;

export function statusMessageKey(error: unknown): StatusMessageKey {
  if (!isApiError(error)) return 'status.unknown';
  const key = (STATUS_KEYS as Record<string, (typeof STATUS_KEYS)[keyof typeof STATUS_KEYS]>)[error.status];
  return key ? `status.${key}` : 'status.unknown';
}

// Answers that switch a screen to the access-denied view (SPEC 6, 8).
export function isAccessDenied(error: unknown): boolean {
  return isApiError(error) && ACCESS_DENIED_STATUSES.includes(error.status);
}
