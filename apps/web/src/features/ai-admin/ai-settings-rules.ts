import {
  AI_EMOJI_MAX,
  AI_EXCLUSIONS_MAX,
  AGGREGATION_SECONDS,
  DEFAULT_NIGHT_MESSAGE,
  LOOKUP_DAYS,
  clampAggregation,
  clampLookupDays,
  splitEmoji,
  type AgentSettings,
  type AgentWire,
} from '@salon/contract/ai-agents';
import { normalizePhone } from '@salon/contract/phone';

// The two tabs edit disjoint parts of the same settings; each saves only its own fields.
export const SETTINGS_FIELDS = [
  'is_active',
  'recommendation_mode',
  'aggregation_time',
  'schedule_lookup_interval',
  'tone_of_voice',
  'emoji_list',
  'mark_read',
  'work_with_record',
  'night_mode_schedule',
  'switch_to_human',
  'switch_to_human_message',
] as const satisfies readonly (keyof AgentSettings)[];
export const EXCLUSION_FIELDS = [
  'phones',
  'masters_exceptions',
  'services_exceptions',
  'categories_exceptions',
] as const satisfies readonly (keyof AgentSettings)[];

export type SettingsDraft = Pick<AgentSettings, (typeof SETTINGS_FIELDS)[number]>;
export type ExclusionsDraft = Pick<AgentSettings, (typeof EXCLUSION_FIELDS)[number]>;

function pick<K extends keyof AgentSettings>(agent: AgentWire, fields: readonly K[]): Pick<AgentSettings, K> {
  const out = {} as Pick<AgentSettings, K>;
  for (const field of fields) out[field] = structuredClone(agent[field]);
  return out;
}

export const toSettingsDraft = (agent: AgentWire): SettingsDraft => pick(agent, SETTINGS_FIELDS);
export const toExclusionsDraft = (agent: AgentWire): ExclusionsDraft => pick(agent, EXCLUSION_FIELDS);

// Key order is fixed by the field lists, so equal drafts give equal strings.
export function fingerprint<D extends object>(draft: D): string {
  return JSON.stringify(draft);
}

// The fields that differ from the loaded ones: the PATCH carries only what the user changed.
export function changedFields<D extends Record<string, unknown>>(loaded: D, draft: D): Partial<D> {
  const out: Partial<D> = {};
  for (const key of Object.keys(draft) as (keyof D)[]) {
    if (JSON.stringify(draft[key]) !== JSON.stringify(loaded[key])) out[key] = draft[key];
  }
  return out;
}

// SPEC 5: the number fields accept what is typed within the typed range (digits only) and clamp on blur.
export interface TypedRange {
  typedMin: number;
  min: number;
  max: number;
}
export const LOOKUP_TYPED: TypedRange = LOOKUP_DAYS;
export const AGGREGATION_TYPED: TypedRange = AGGREGATION_SECONDS;

// The text the field keeps after a keystroke: '' while empty, else digits within typedMin…max; a
// keystroke that leaves the range is refused (the previous text stays).
export function typedNumber(next: string, previous: string, range: TypedRange): string {
  if (next === '') return '';
  if (!/^\d{1,3}$/.test(next)) return previous;
  const value = Number(next);
  return value >= range.typedMin && value <= range.max ? String(value) : previous;
}

// A typed text that is already a storable value applies at once (the save bar sees it); one below
// the stored minimum waits for the blur's clamp.
export function settledNumber(text: string, range: TypedRange): number | null {
  if (text === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= range.min && value <= range.max ? value : null;
}

// On blur: '' gives the default, anything else the clamped value.
export function lookupOnBlur(text: string): number {
  return text === '' ? LOOKUP_DAYS.default : clampLookupDays(Number(text));
}
export function aggregationOnBlur(text: string): number {
  return text === '' ? AGGREGATION_SECONDS.default : clampAggregation(Number(text));
}

// SPEC 5: emojis split by visible character; repeats and non-emoji characters are dropped, the
// list is capped by the contract.
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
export function addEmojis(list: readonly string[], typed: string): string[] {
  const out = [...list];
  for (const symbol of splitEmoji(typed)) {
    if (out.length >= AI_EMOJI_MAX) break;
    if (EMOJI.test(symbol) && !out.includes(symbol)) out.push(symbol);
  }
  return out;
}

export type PhoneAddResult = { ok: true; phones: string[] } | { ok: false; reason: 'invalid' | 'duplicate' | 'full' };

// SPEC 5: a new excluded phone is added only if valid (the contract's mask rule, as the server's).
// Stored with the country code (8 999 … → 7999…), as the server compares them.
export function addPhone(phones: readonly string[], digits: string): PhoneAddResult {
  const phone = normalizePhone(digits);
  if (phone === null) return { ok: false, reason: 'invalid' };
  if (phones.includes(phone)) return { ok: false, reason: 'duplicate' };
  if (phones.length >= AI_EXCLUSIONS_MAX) return { ok: false, reason: 'full' };
  return { ok: true, phones: [...phones, phone] };
}

// SPEC 5: an empty night-mode message falls back to the default text.
export function nightMessageOrDefault(text: string): string {
  return text.trim() === '' ? DEFAULT_NIGHT_MESSAGE : text;
}

// What the Settings tab sends: the changed fields, the night message never empty.
export function settingsPatch(loaded: SettingsDraft, draft: SettingsDraft): Partial<SettingsDraft> {
  const changed = changedFields(loaded, draft);
  if (changed.night_mode_schedule) {
    const night = changed.night_mode_schedule;
    changed.night_mode_schedule = { ...night, message_text: nightMessageOrDefault(night.message_text) };
  }
  return changed;
}

// SPEC 4: switching on asks first; switching off applies at once. The same for automatic mode.
export type SettingsConfirm = 'activate' | 'automatic';
export function confirmFor(current: SettingsDraft, change: Partial<SettingsDraft>): SettingsConfirm | null {
  if (change.is_active === true && !current.is_active) return 'activate';
  if (change.recommendation_mode === 'automatic' && current.recommendation_mode !== 'automatic') return 'automatic';
  return null;
}
