import type { SystemMessages } from '@salon/contract/settings';
import { EXCEPTION_MASTERS_MAX, MASTER_NAME_MAX, TIME_OF_DAY } from '@salon/contract/settings-rules';
import type { FieldErrorKey, FieldErrors } from './settings-page-state';

// The form's view of SPEC 3 System messages (sendFromTime, sendToTime, exceptionMastersNames);
// "any time" is the wire's null schedule.
export interface SystemMessagesDraft {
  anyTime: boolean;
  from: string;
  to: string;
  masters: string[];
}

// Offered when the user first narrows an "any time" schedule.
export const DEFAULT_WINDOW = ['09:00', '21:00'] as const;

export function toSystemMessagesDraft(wire: SystemMessages): SystemMessagesDraft {
  const schedule = wire.message_sending_schedule;
  return {
    anyTime: schedule === null,
    from: schedule?.[0] ?? DEFAULT_WINDOW[0],
    to: schedule?.[1] ?? DEFAULT_WINDOW[1],
    masters: [...wire.exception_masters_names],
  };
}

export function toSystemMessagesBody(draft: SystemMessagesDraft): SystemMessages {
  return {
    message_sending_schedule: draft.anyTime ? null : [draft.from, draft.to],
    exception_masters_names: cleanMasters(draft.masters),
  };
}

// Names are trimmed, empty and repeated ones dropped, each within its limit.
export function cleanMasters(names: readonly string[]): string[] {
  const kept: string[] = [];
  for (const raw of names) {
    const name = raw.trim().slice(0, MASTER_NAME_MAX);
    if (name !== '' && !kept.includes(name) && kept.length < EXCEPTION_MASTERS_MAX) kept.push(name);
  }
  return kept;
}

export function systemMessagesProblems(draft: SystemMessagesDraft): FieldErrors {
  if (draft.anyTime) return {};
  const errors: Record<string, FieldErrorKey> = {};
  if (!TIME_OF_DAY.test(draft.from)) errors.from = 'timeInvalid';
  if (!TIME_OF_DAY.test(draft.to)) errors.to = 'timeInvalid';
  if (!errors.from && !errors.to && draft.from === draft.to) errors.to = 'emptyWindow';
  return errors;
}

export function systemMessagesServerError(field: string, code: string): readonly [string, FieldErrorKey] | null {
  if (field === 'message_sending_schedule' && code === 'empty_window') return ['to', 'emptyWindow'];
  if (field === 'message_sending_schedule.0') return ['from', 'timeInvalid'];
  if (field.startsWith('message_sending_schedule')) return ['to', 'timeInvalid'];
  if (field.startsWith('exception_masters_names')) return ['masters', 'tooLong'];
  return null;
}
