import { normalizePhone } from './phone.js';
import { isValidTelegramId } from './telegram-id-rules.js';

// Zod-free half of onboarding.ts: the send-out form's rules (SPEC 3 Send-out form, SPEC 5, SPEC 9),
// which the public page checks as the person types and the server applies again.

// SPEC 9: UTC-12:00 … UTC+14:00, whole hours; the wire carries the offset to Moscow (UTC+3).
export const MOSCOW_UTC_OFFSET = 3;
export const UTC_OFFSET_MIN = -12;
export const UTC_OFFSET_MAX = 14;
export const DEFAULT_UTC_OFFSET = MOSCOW_UTC_OFFSET;
export const UTC_OFFSETS: readonly number[] = Array.from(
  { length: UTC_OFFSET_MAX - UTC_OFFSET_MIN + 1 },
  (_, i) => UTC_OFFSET_MIN + i,
);

export const toMoscowOffset = (utcOffset: number): number => utcOffset - MOSCOW_UTC_OFFSET;
export const fromMoscowOffset = (timeToMsk: number): number => timeToMsk + MOSCOW_UTC_OFFSET;

// 'UTC+3', 'UTC−5', 'UTC+0'.
export function utcOffsetLabel(utcOffset: number): string {
  return `UTC${utcOffset < 0 ? '−' : '+'}${Math.abs(utcOffset)}:00`;
}

// Russia's own zones (no daylight saving since 2014) read better in the cabinet than Etc/GMT.
const CITY_ZONES: Record<number, string> = {
  2: 'Europe/Kaliningrad',
  3: 'Europe/Moscow',
  4: 'Europe/Samara',
  5: 'Asia/Yekaterinburg',
  6: 'Asia/Omsk',
  7: 'Asia/Novosibirsk',
  8: 'Asia/Irkutsk',
  9: 'Asia/Yakutsk',
  10: 'Asia/Vladivostok',
  11: 'Asia/Magadan',
  12: 'Asia/Kamchatka',
};

// The branch's IANA zone for a UTC offset. Etc/GMT names have the sign inverted (Etc/GMT-5 is UTC+5).
export function zoneOfUtcOffset(utcOffset: number): string {
  const city = CITY_ZONES[utcOffset];
  if (city) return city;
  if (utcOffset === 0) return 'Etc/UTC';
  return `Etc/GMT${utcOffset > 0 ? '-' : '+'}${Math.abs(utcOffset)}`;
}

// The page the form was filled in on travels with it (form_url), up to this many characters.
export const FORM_URL_MAX = 2000;

// How long the salon's WhatsApp number has existed (a young number is warmed up more slowly).
export const WA_AGES = ['under_month', 'one_to_six_months', 'six_to_twelve_months', 'over_year'] as const;
export type WaAge = (typeof WA_AGES)[number];

export const ONBOARDING_STATUS = {
  ownerPhoneEmpty: 'owner_phone_empty',
  ownerPhoneInvalid: 'owner_phone_invalid',
  salonPhoneEmpty: 'salon_phone_empty',
  salonPhoneInvalid: 'salon_phone_invalid',
  waAgeEmpty: 'wa_age_empty',
  waAgeInvalid: 'wa_age_invalid',
  timeZoneEmpty: 'time_zone_empty',
  timeZoneInvalid: 'time_zone_invalid',
  telegramIdEmpty: 'telegram_id_empty',
  telegramIdInvalid: 'telegram_id_invalid',
  agreementRequired: 'agreement_required',
  promoUnknown: 'promo_code_unknown',
} as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUS)[keyof typeof ONBOARDING_STATUS];
export type SendOutFormProblem = Exclude<OnboardingStatus, 'promo_code_unknown'>;
export type SendOutFormField = 'ownerPhone' | 'salonPhone' | 'waAge' | 'timeZone' | 'telegramId' | 'agreement';

// The form as typed: digits of the phones and the id, the chosen options (null: none chosen).
export interface SendOutFormInput {
  ownerPhone: string;
  salonPhone: string;
  waAge: string | null;
  // The offset to Moscow (time_to_msk).
  timeToMsk: number | null;
  telegramId: string;
  mandatoryAgreement: boolean;
}

export interface SendOutFormCheck {
  problem: SendOutFormProblem;
  field: SendOutFormField;
}

const isBlank = (value: string) => value.trim() === '';

function fieldProblem(input: SendOutFormInput, field: SendOutFormField): SendOutFormProblem | null {
  const S = ONBOARDING_STATUS;
  switch (field) {
    case 'ownerPhone':
      if (isBlank(input.ownerPhone)) return S.ownerPhoneEmpty;
      return normalizePhone(input.ownerPhone) === null ? S.ownerPhoneInvalid : null;
    case 'salonPhone':
      if (isBlank(input.salonPhone)) return S.salonPhoneEmpty;
      return normalizePhone(input.salonPhone) === null ? S.salonPhoneInvalid : null;
    case 'waAge':
      if (input.waAge === null || isBlank(input.waAge)) return S.waAgeEmpty;
      return (WA_AGES as readonly string[]).includes(input.waAge) ? null : S.waAgeInvalid;
    case 'timeZone':
      if (input.timeToMsk === null) return S.timeZoneEmpty;
      return UTC_OFFSETS.includes(fromMoscowOffset(input.timeToMsk)) ? null : S.timeZoneInvalid;
    case 'telegramId':
      if (isBlank(input.telegramId)) return S.telegramIdEmpty;
      return isValidTelegramId(input.telegramId.trim()) ? null : S.telegramIdInvalid;
    case 'agreement':
      return input.mandatoryAgreement ? null : S.agreementRequired;
  }
}

// SPEC 5 "Send-out form checks in order".
export const SEND_OUT_FORM_FIELDS: readonly SendOutFormField[] = [
  'ownerPhone',
  'salonPhone',
  'waAge',
  'timeZone',
  'telegramId',
  'agreement',
];

// Every field's problem, in the order of the checks (the page shows each under its field).
export function sendOutFormProblems(input: SendOutFormInput): SendOutFormCheck[] {
  return SEND_OUT_FORM_FIELDS.flatMap((field) => {
    const problem = fieldProblem(input, field);
    return problem ? [{ problem, field }] : [];
  });
}

// The first rule the form breaks, or null: the server answers with it.
export function sendOutFormProblem(input: SendOutFormInput): SendOutFormCheck | null {
  return sendOutFormProblems(input)[0] ?? null;
}
