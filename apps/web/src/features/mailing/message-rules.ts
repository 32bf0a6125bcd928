import { ATTACHMENT_GROUPS } from '@salon/contract/attachments';
import { MAX_BETWEEN_TIME, MIN_BETWEEN_TIME } from '@salon/contract/mailing-plan-rules';
import { checkMailingMedia, MAILING_MEDIA_DOCUMENTS } from '@salon/contract/mailing-sendouts';
import type { OptInLinkVariable } from '@salon/contract/bot-links';
import {
  MAILING_VARIABLES,
  OPT_IN_VARIABLES,
  PARTNER_LINK_VARIABLE,
  renderVariables,
  unknownVariables,
  variablesIn,
} from '@salon/contract/templates-rules';

// Step 2 "Contents" (SPEC 3 Mailing fields, SPEC 5 Mailing media and keys, SPEC 4 loyalty action).

// The contract's limit of /start_sendout and /test_sendout `text`.
export const MAILING_TEXT_MAX = 4096;

// The keys a message may use: the list's columns (name and phone always), the invites to the salon's
// bots, and the parent link once a loyalty action is chosen (SPEC 3 Variables: Mailing name, phone;
// Add-action partner_link; issue 19 max_link, tg_bot_link).
export function messageKeys(parsedKeys: readonly string[], loyaltyActionId: string | null): string[] {
  const keys = [...new Set([...MAILING_VARIABLES, ...parsedKeys, ...OPT_IN_VARIABLES])];
  if (loyaltyActionId !== null && !keys.includes(PARTNER_LINK_VARIABLE)) keys.push(PARTNER_LINK_VARIABLE);
  return keys;
}

// {keys} of the text the recipients do not have: the server would refuse them (SPEC 8
// 'Некорректные ключи в сообщении'), so the step flags them first.
export function unknownKeys(text: string, keys: readonly string[]): string[] {
  return unknownVariables(text, keys);
}

// SPEC 4/5: with a loyalty action chosen, a warning stays until the text has the parent-link key.
export function needsParentLink(text: string, loyaltyActionId: string | null): boolean {
  return loyaltyActionId !== null && !variablesIn(text).includes(PARTNER_LINK_VARIABLE);
}

// Turning the action off strips its key, as the template editor does (SPEC 4 Template editing).
export function withoutParentLink(text: string): string {
  return text.split(`{${PARTNER_LINK_VARIABLE}}`).join('');
}

export interface Inserted {
  text: string;
  caret: number;
}

// {key} at the caret (replacing a selection); without a caret, at the end.
export function insertKey(text: string, key: string, start: number | null, end: number | null = start): Inserted {
  const token = `{${key}}`;
  const from = start === null ? text.length : Math.min(Math.max(0, start), text.length);
  const to = end === null ? from : Math.min(Math.max(from, end), text.length);
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

// {max_link} and {tg_bot_link}: every send-out may invite its recipients to the salon's bots.
export const isOptInKey = (key: string): key is OptInLinkVariable =>
  (OPT_IN_VARIABLES as readonly string[]).includes(key);

export interface SampleRecipient {
  name: string;
  phone: string;
  link: string;
  // The bot links as an example (each recipient gets their own).
  optIn: Readonly<Record<OptInLinkVariable, string>>;
  // How a key without a sample value shows (e.g. '[visits]').
  other: (key: string) => string;
}

// Values of the first recipient-like sample: the preview and the test message use them.
export function sampleValues(keys: readonly string[], sample: SampleRecipient): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of keys) {
    if (key === 'name') values[key] = sample.name;
    else if (key === 'phone') values[key] = sample.phone;
    else if (key === PARTNER_LINK_VARIABLE) values[key] = sample.link;
    else if (isOptInKey(key)) values[key] = sample.optIn[key];
    else values[key] = sample.other(key);
  }
  return values;
}

// The text as the sample recipient would read it; unknown keys stay as typed.
export function previewText(text: string, values: Readonly<Record<string, string>>): string {
  return renderVariables(text, values);
}

// SPEC 5 Mailing media: images, video, audio, and documents of these kinds only (20 MB at most);
// the contract's check, so the cabinet refuses exactly what the server would.
export const MAILING_MEDIA_EXTENSIONS: readonly string[] = [
  ...ATTACHMENT_GROUPS.image,
  ...ATTACHMENT_GROUPS.video,
  ...ATTACHMENT_GROUPS.audio,
  ...MAILING_MEDIA_DOCUMENTS,
];
export const MAILING_MEDIA_ACCEPT = MAILING_MEDIA_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export type MediaProblem = 'tooBig' | 'unsupported' | 'empty';

export function mediaProblem(fileName: string, size: number): MediaProblem | null {
  const check = checkMailingMedia(fileName, size);
  if (check.ok) return null;
  if (check.error === 'too_big') return 'tooBig';
  return check.error === 'empty' ? 'empty' : 'unsupported';
}

// SPEC 5 number clamp for the time between messages (0..max seconds): empty, non-numeric or below
// the lower bound gives the initial value; above the upper bound gives the upper bound.
export function clampBetweenTime(value: string | number, initial: number): number {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number) || number < MIN_BETWEEN_TIME) return initial;
  if (number > MAX_BETWEEN_TIME) return MAX_BETWEEN_TIME;
  return Math.round(number);
}

// SPEC 5: phone inputs keep only digits; the test message needs a whole number (contract: 10-15 digits).
export const TEST_PHONE_MAX = 15;
export function isTestPhone(phone: string): boolean {
  return /^\d{10,15}$/.test(phone);
}
