import {
  DEFAULT_UTC_OFFSET,
  FORM_URL_MAX,
  ONBOARDING_STATUS,
  sendOutFormProblems,
  toMoscowOffset,
  type SendOutFormBody,
  type SendOutFormField,
  type SendOutFormProblem,
  type WaAge,
} from '@salon/contract/onboarding';
import { isValidPromoCode, normalizePromoCode } from '@salon/contract/partners-rules';

// The send-out form as the page holds it (SPEC 3 Send-out form).
export interface SendOutFormState {
  ownerPhone: string;
  salonPhone: string;
  waAge: WaAge | null;
  // UTC offset in hours; the wire carries it relative to Moscow (SPEC 9).
  utcOffset: number | null;
  telegramId: string;
  mandatoryAgreement: boolean;
  optionalAgreement: boolean;
}

export const INITIAL_SEND_OUT_FORM: SendOutFormState = {
  ownerPhone: '',
  salonPhone: '',
  waAge: null,
  utcOffset: DEFAULT_UTC_OFFSET,
  telegramId: '',
  mandatoryAgreement: false,
  optionalAgreement: false,
};

export type FieldErrors = Partial<Record<SendOutFormField, SendOutFormProblem>>;

// SPEC 5: every field's first broken rule, in the order of the checks.
export function fieldErrors(state: SendOutFormState): FieldErrors {
  const problems = sendOutFormProblems({
    ownerPhone: state.ownerPhone,
    salonPhone: state.salonPhone,
    waAge: state.waAge,
    timeToMsk: state.utcOffset === null ? null : toMoscowOffset(state.utcOffset),
    telegramId: state.telegramId,
    mandatoryAgreement: state.mandatoryAgreement,
  });
  return Object.fromEntries(problems.map((p) => [p.field, p.problem]));
}

// The field a server refusal belongs under (the server checks the same rules, SPEC 5).
const FIELD_OF_STATUS: Record<string, SendOutFormField> = {
  [ONBOARDING_STATUS.ownerPhoneEmpty]: 'ownerPhone',
  [ONBOARDING_STATUS.ownerPhoneInvalid]: 'ownerPhone',
  [ONBOARDING_STATUS.salonPhoneEmpty]: 'salonPhone',
  [ONBOARDING_STATUS.salonPhoneInvalid]: 'salonPhone',
  [ONBOARDING_STATUS.waAgeEmpty]: 'waAge',
  [ONBOARDING_STATUS.waAgeInvalid]: 'waAge',
  [ONBOARDING_STATUS.timeZoneEmpty]: 'timeZone',
  [ONBOARDING_STATUS.timeZoneInvalid]: 'timeZone',
  [ONBOARDING_STATUS.telegramIdEmpty]: 'telegramId',
  [ONBOARDING_STATUS.telegramIdInvalid]: 'telegramId',
  [ONBOARDING_STATUS.agreementRequired]: 'agreement',
};

export function fieldOfStatus(status: string): SendOutFormField | null {
  return FIELD_OF_STATUS[status] ?? null;
}

// ?promo_code= of a partner's link, as stored (upper case); a malformed one is no code.
export function promoCodeOf(raw: string | null): string | null {
  const code = normalizePromoCode(raw ?? '');
  return code !== '' && isValidPromoCode(code) ? code : null;
}

export function toSendOutBody(state: SendOutFormState, promoCode: string | null, formUrl: string): SendOutFormBody {
  return {
    owner_phone: state.ownerPhone,
    salon_phone: state.salonPhone,
    telegram_id: state.telegramId,
    wa_life_time: state.waAge,
    time_to_msk: state.utcOffset === null ? null : toMoscowOffset(state.utcOffset),
    acc_id: null,
    form_url: formUrl.slice(0, FORM_URL_MAX),
    agreements: { mandatory_agreement: state.mandatoryAgreement, optional_agreement: state.optionalAgreement },
    ...(promoCode ? { promo_code: promoCode } : {}),
  };
}

// The deeplink answered is a Telegram link when the admin bot is configured, else the login page.
export function isTelegramLink(url: string): boolean {
  return /^https:\/\/t\.me\//.test(url);
}
