import {
  ACCESS_LOG_ACTIONS,
  ACCESS_STATUS,
  type AdminWire,
  type ChangeLogEntry,
  type addAdminBody,
  type updateAdminBody,
} from '@salon/contract/accesses';
import type { GRANTABLE_RIGHTS, Right } from '@salon/contract/rights-rules';
import { TELEGRAM_ID_MAX_LENGTH, isValidTelegramId, onlyDigits } from '@salon/contract/telegram-id-rules';
import type { z } from 'zod';
import { failureCodes } from '../../shared/api/api-error';

export type AddAdminInput = z.input<typeof addAdminBody>;
export type UpdateAdminInput = z.input<typeof updateAdminBody>;

export type GrantableRight = (typeof GRANTABLE_RIGHTS)[number];

// SPEC 6 rights labels in their order (the checkboxes under 'Select All').
export const RIGHT_OPTIONS: readonly GrantableRight[] = [
  'manage_wapp',
  'sendouts',
  'edit_templates',
  'notify',
  'translation_switch',
  'hide_translation_phones',
  'support',
  'owner',
];

export function sanitizeTgId(raw: string): string {
  return onlyDigits(raw, TELEGRAM_ID_MAX_LENGTH);
}

export type SelectAllState = 'all' | 'some' | 'none';

export function selectAllState(rights: readonly string[]): SelectAllState {
  const count = checkedRights(rights).length;
  return count === 0 ? 'none' : count === RIGHT_OPTIONS.length ? 'all' : 'some';
}

// The checked rights in the display order; 'all' (as the server may store it) checks every box.
export function checkedRights(rights: readonly string[]): GrantableRight[] {
  if (rights.includes('all')) return [...RIGHT_OPTIONS];
  return RIGHT_OPTIONS.filter((right) => rights.includes(right));
}

export function toggleRight(rights: readonly string[], right: GrantableRight, on: boolean): GrantableRight[] {
  const current = checkedRights(rights);
  return on ? checkedRights([...current, right]) : current.filter((r) => r !== right);
}

export function toggleAll(on: boolean): GrantableRight[] {
  return on ? [...RIGHT_OPTIONS] : [];
}

// SPEC 4: choosing 'all' sends all rights.
export function rightsForWire(rights: readonly string[]): Right[] {
  return checkedRights(rights);
}

export interface NewAdminForm {
  tgId: string;
  name: string;
  rights: readonly string[];
}

export type NewAdminField = 'tgId' | 'name' | 'rights';
export type AccessErrorKey =
  'emptyTgId' | 'invalidTgId' | 'uniqueTgId' | 'nameRequired' | 'rightsRequired' | 'self' | 'notFound' | 'unknownRight';
export type NewAdminProblems = Partial<Record<NewAdminField, AccessErrorKey>>;

// SPEC 5 Telegram id: empty gives EMPTY_TG_INPUT_ERROR; a listed one gives UNIQUE_TG_ID_ERROR
// (and the field is cleared, see clearsTgId).
export function newAdminProblems(form: NewAdminForm, admins: readonly AdminWire[]): NewAdminProblems {
  const problems: NewAdminProblems = {};
  if (form.tgId === '') problems.tgId = 'emptyTgId';
  else if (!isValidTelegramId(form.tgId)) problems.tgId = 'invalidTgId';
  else if (admins.some((admin) => String(admin.tg_id) === form.tgId)) problems.tgId = 'uniqueTgId';
  if (form.name.trim() === '') problems.name = 'nameRequired';
  if (checkedRights(form.rights).length === 0) problems.rights = 'rightsRequired';
  return problems;
}

export function clearsTgId(problems: NewAdminProblems): boolean {
  return problems.tgId === 'uniqueTgId';
}

// SPEC 7: the add body lists active, tg_id (a number), name, rights, change_log and the dates;
// the server writes its own log and dates.
export function toAddAdminBody(form: NewAdminForm, now: Date): AddAdminInput {
  const stamp = now.toISOString();
  return {
    active: true,
    tg_id: Number(form.tgId),
    name: form.name.trim(),
    rights: rightsForWire(form.rights),
    change_log: [],
    create_date: stamp,
    update_date: stamp,
  };
}

export interface AdminEdit {
  name: string;
  rights: readonly string[];
}

export type AdminChange = 'change_name' | 'change_rights';

function sameRights(a: readonly string[], b: readonly string[]): boolean {
  const x = checkedRights(a);
  const y = checkedRights(b);
  return x.length === y.length && x.every((right) => y.includes(right));
}

// SPEC 5: an update is skipped when neither the name nor the rights changed.
export function adminChanges(admin: AdminWire, edit: AdminEdit): AdminChange[] {
  const changes: AdminChange[] = [];
  if (edit.name.trim() !== admin.name) changes.push('change_name');
  if (!sameRights(admin.rights, edit.rights)) changes.push('change_rights');
  return changes;
}

// SPEC 7: PATCH carries the admin plus changed_fields.
export function toUpdateBody(admin: AdminWire, edit: AdminEdit, changes: readonly AdminChange[]): UpdateAdminInput {
  return {
    tg_id: admin.tg_id,
    name: edit.name.trim(),
    rights: rightsForWire(edit.rights),
    active: admin.active,
    changed_fields: [...changes],
  };
}

export function toActiveBody(admin: AdminWire, active: boolean): UpdateAdminInput {
  return { tg_id: admin.tg_id, name: admin.name, rights: admin.rights, active, changed_fields: ['change_active'] };
}

export function splitAdmins(admins: readonly AdminWire[]): { active: AdminWire[]; inactive: AdminWire[] } {
  return { active: admins.filter((a) => a.active), inactive: admins.filter((a) => !a.active) };
}

export function isSelf(admin: AdminWire, userId: string | null): boolean {
  return userId !== null && String(admin.tg_id) === userId;
}

export type LogActionKey = keyof typeof ACCESS_LOG_ACTIONS | 'other';

export function logActionKey(action: string): LogActionKey {
  const keys = Object.keys(ACCESS_LOG_ACTIONS) as (keyof typeof ACCESS_LOG_ACTIONS)[];
  const found = keys.find((key) => ACCESS_LOG_ACTIONS[key] === action);
  return found ?? 'other';
}

// Newest first.
export function sortedLog(log: readonly ChangeLogEntry[]): ChangeLogEntry[] {
  return [...log].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

export interface AccessFailure {
  // Where the message goes: under the Telegram id input, or a toast.
  field: 'tgId' | null;
  key: AccessErrorKey;
  clearTgId: boolean;
}

const FAILURES: Record<string, Omit<AccessFailure, 'clearTgId'>> = {
  [ACCESS_STATUS.uniqueTgId]: { field: 'tgId', key: 'uniqueTgId' },
  [ACCESS_STATUS.emptyTgId]: { field: 'tgId', key: 'emptyTgId' },
  invalid_telegram_id: { field: 'tgId', key: 'invalidTgId' },
  [ACCESS_STATUS.self]: { field: null, key: 'self' },
  [ACCESS_STATUS.notFound]: { field: null, key: 'notFound' },
  [ACCESS_STATUS.unknownRight]: { field: null, key: 'unknownRight' },
};

// SPEC 8 Admin: the status (or a field issue) of a refused call, when it has its own message.
export function accessFailure(error: unknown): AccessFailure | null {
  for (const { code } of failureCodes(error)) {
    const hit = FAILURES[code];
    if (hit) return { ...hit, clearTgId: hit.key === 'uniqueTgId' };
  }
  return null;
}
