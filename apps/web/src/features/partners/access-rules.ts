import { PARTNER_RULES, PARTNER_STATUS, type PartnerAdmin, type partnerAdminBody } from '@salon/contract/partners';
import { TELEGRAM_ID_MAX_LENGTH, isValidTelegramId, onlyDigits } from '@salon/contract/telegram-id-rules';
import type { z } from 'zod';
import { failureCodes } from '../../shared/api/api-error';
import { isAccessDenied } from '../../shared/api/error-message';

export type AdminBody = z.input<typeof partnerAdminBody>;

export interface AdminForm {
  name: string;
  tgId: string;
}

export const EMPTY_ADMIN_FORM: AdminForm = { name: '', tgId: '' };

export type AdminField = keyof AdminForm;
export type AdminErrorKey = 'emptyTgId' | 'invalidTgId' | 'uniqueTgId' | 'nameRequired' | 'notFound' | 'isOwner';
export type AdminProblems = Partial<Record<AdminField, AdminErrorKey>>;

// SPEC 5: the Telegram id input keeps digits only, at most 12.
export function sanitizeTgId(raw: string): string {
  return onlyDigits(raw, TELEGRAM_ID_MAX_LENGTH);
}

export function sanitizeName(raw: string): string {
  return raw.slice(0, PARTNER_RULES.adminNameMax);
}

// SPEC 5: empty → EMPTY_TG_INPUT_ERROR; 5-12 digits not starting with 0; an id already listed →
// UNIQUE_TG_ID_ERROR and the field is cleared (see clearsTgId).
export function adminProblems(form: AdminForm, admins: readonly PartnerAdmin[]): AdminProblems {
  const problems: AdminProblems = {};
  if (form.tgId === '') problems.tgId = 'emptyTgId';
  else if (!isValidTelegramId(form.tgId)) problems.tgId = 'invalidTgId';
  else if (admins.some((admin) => String(admin.telegram_id) === form.tgId)) problems.tgId = 'uniqueTgId';
  if (form.name.trim() === '') problems.name = 'nameRequired';
  return problems;
}

export function clearsTgId(problems: AdminProblems): boolean {
  return problems.tgId === 'uniqueTgId';
}

// A new partner admin gets access at once; the switch in the list takes it away.
export function toAdminBody(form: AdminForm): AdminBody {
  return { name: form.name.trim(), telegram_id: Number(form.tgId), access: true };
}

export function toAccessBody(admin: PartnerAdmin, access: boolean): AdminBody {
  return { name: admin.name, telegram_id: admin.telegram_id, access };
}

const FAILURES: Record<string, { field: AdminField | null; key: AdminErrorKey }> = {
  [PARTNER_STATUS.adminExists]: { field: 'tgId', key: 'uniqueTgId' },
  invalid_telegram_id: { field: 'tgId', key: 'invalidTgId' },
  [PARTNER_STATUS.adminNotFound]: { field: null, key: 'notFound' },
  [PARTNER_STATUS.adminIsOwner]: { field: null, key: 'isOwner' },
};

// The message of a refused admin call (its status or a field issue), when it has one of its own.
export function adminFailure(error: unknown): { field: AdminField | null; key: AdminErrorKey } | null {
  for (const { code } of failureCodes(error)) {
    const hit = FAILURES[code];
    if (hit) return hit;
  }
  return null;
}

// SPEC 4 Partner access statuses; a row's own action is shown on that row only.
export type AccessStatus =
  'loading' | 'success' | 'error' | 'accessDenied' | 'addingUser' | 'changeAccess' | 'deletingUser';

export interface AccessFacts {
  pending: boolean;
  error: unknown;
  adding: boolean;
  changing: boolean;
  deleting: boolean;
}

export function accessStatus(facts: AccessFacts): AccessStatus {
  if (facts.error !== null && facts.error !== undefined) return isAccessDenied(facts.error) ? 'accessDenied' : 'error';
  if (facts.pending) return 'loading';
  if (facts.deleting) return 'deletingUser';
  if (facts.changing) return 'changeAccess';
  if (facts.adding) return 'addingUser';
  return 'success';
}

export type RowBusy = 'changeAccess' | 'deletingUser' | null;

// Which action runs on this row right now (the switch spins, or the delete button).
export function rowBusy(telegramId: number, pending: { changing: number | null; deleting: number | null }): RowBusy {
  if (pending.deleting === telegramId) return 'deletingUser';
  if (pending.changing === telegramId) return 'changeAccess';
  return null;
}
