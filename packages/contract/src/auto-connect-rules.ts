import { ONBOARDING_STATUS, WA_AGES } from './onboarding-rules.js';
import { normalizePhone } from './phone.js';
import { isValidTelegramId } from './telegram-id-rules.js';

// Zod-free half of auto-connect.ts: the auto-connection wizard's steps and the checks of each step
// (SPEC 3 Auto-connection form, SPEC 4, SPEC 5), which the wizard page checks as the person types
// and the server applies again.

// The booking systems a salon can connect from (crm_name).
export const AUTO_CONNECT_CRMS = ['yclients', 'local'] as const;
export type AutoConnectCrm = (typeof AUTO_CONNECT_CRMS)[number];
export const isAutoConnectCrm = (value: string): value is AutoConnectCrm =>
  (AUTO_CONNECT_CRMS as readonly string[]).includes(value);

// 1 salon & CRM, 2 promo code, 3 name & emoji, 4 address & phones, 5 WhatsApp & main channel,
// 6 links, 7 the owner's Telegram, 8 agreements (the only step that creates anything).
export const AUTO_CONNECT_STEPS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type AutoConnectStep = (typeof AUTO_CONNECT_STEPS)[number];
export const AUTO_CONNECT_LAST_STEP = 8;
export const AUTO_CONNECT_PROMO_STEP = 2;
export const AUTO_CONNECT_AGREEMENTS_STEP = 8;

// SPEC 4: the step after `step`; step 2 (the promo code) is skipped when the form has a code.
export function nextAutoConnectStep(step: number, hasPromoCode: boolean): number {
  const next = step + 1;
  return next === AUTO_CONNECT_PROMO_STEP && hasPromoCode ? next + 1 : Math.min(next, AUTO_CONNECT_LAST_STEP);
}

// The step "back" goes to from `step` (the skipped promo step is skipped backwards too).
export function previousAutoConnectStep(step: number, hasPromoCode: boolean): number {
  const previous = step - 1;
  return previous === AUTO_CONNECT_PROMO_STEP && hasPromoCode ? previous - 1 : Math.max(previous, 1);
}

export const BRANCH_NAME_MAX = 100;
export const ADDRESS_MAX = 300;
export const LINK_MAX = 500;
// SPEC 5 / SPEC 9: links up to 3 (the main one and the others together).
export const AUTO_CONNECT_LINKS_MAX = 3;
// The emojis the salon's messages may use (SPEC 3 emojiList); the salon picks one as its sign.
export const AUTO_CONNECT_EMOJIS = ['💅', '💇‍♀️', '💆‍♀️', '✨', '🌸', '💄', '🌿', '💎', '🌹', '⭐'] as const;
export const MAIN_CHANNELS = ['wa', 'tg'] as const;
export type MainChannel = (typeof MAIN_CHANNELS)[number];

export const AUTO_CONNECT_STATUS = {
  // The link's acc_id, form_hash and crm_name name no form.
  formNotFound: 'auto_connect_form_not_found',
  crmUnknown: 'auto_connect_crm_unknown',
  companyInvalid: 'auto_connect_company_invalid',
  // The CRM does not know the company.
  companyUnknown: 'auto_connect_company_unknown',
  // The company already has a branch with us: its owner signs in instead.
  alreadyConnected: 'auto_connect_already_connected',
  // form_step is not a step, or one the form has not reached yet.
  stepInvalid: 'auto_connect_step_invalid',
  // SPEC 4: agreements are sent only at step 8.
  agreementsEarly: 'auto_connect_agreements_early',
  branchNameEmpty: 'auto_connect_branch_name_empty',
  branchNameTooLong: 'auto_connect_branch_name_too_long',
  emojiInvalid: 'auto_connect_emoji_invalid',
  addressEmpty: 'auto_connect_address_empty',
  addressTooLong: 'auto_connect_address_too_long',
  mainChannelInvalid: 'auto_connect_main_channel_invalid',
  linksTooMany: 'auto_connect_links_too_many',
  linkInvalid: 'auto_connect_link_invalid',
} as const;

// Every refusal of a step: the wizard's own and the send-out form's it shares.
export type AutoConnectProblem =
  | (typeof AUTO_CONNECT_STATUS)[keyof typeof AUTO_CONNECT_STATUS]
  | (typeof ONBOARDING_STATUS)[keyof typeof ONBOARDING_STATUS];

export type AutoConnectField =
  | 'promoCode'
  | 'branchName'
  | 'emoji'
  | 'address'
  | 'salonPhone'
  | 'ownerPhone'
  | 'waAge'
  | 'mainChannel'
  | 'links'
  | 'telegramId'
  | 'agreement';

// The wizard's fields as typed (links: the main one first, blanks allowed: they are dropped).
export interface AutoConnectInput {
  promoCode: string;
  branchName: string;
  emoji: string | null;
  address: string;
  salonPhone: string;
  ownerPhone: string;
  waAge: string | null;
  mainChannel: string | null;
  links: string[];
  telegramId: string;
  mandatoryAgreement: boolean;
}

export const STEP_FIELDS: Record<AutoConnectStep, readonly AutoConnectField[]> = {
  1: [],
  2: ['promoCode'],
  3: ['branchName', 'emoji'],
  4: ['address', 'salonPhone', 'ownerPhone'],
  5: ['waAge', 'mainChannel'],
  6: ['links'],
  7: ['telegramId'],
  8: ['agreement'],
};

export const isAutoConnectStep = (value: number): value is AutoConnectStep =>
  (AUTO_CONNECT_STEPS as readonly number[]).includes(value);

const isBlank = (value: string) => value.trim() === '';

export function isHttpUrl(value: string): boolean {
  if (value.length > LINK_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

// The links kept: trimmed, blanks dropped.
export const filledLinks = (links: readonly string[]): string[] => links.map((l) => l.trim()).filter((l) => l !== '');

function fieldProblem(input: AutoConnectInput, field: AutoConnectField): AutoConnectProblem | null {
  const S = AUTO_CONNECT_STATUS;
  const O = ONBOARDING_STATUS;
  switch (field) {
    // The code's existence is the server's to tell.
    case 'promoCode':
      return null;
    case 'branchName':
      if (isBlank(input.branchName)) return S.branchNameEmpty;
      return input.branchName.trim().length > BRANCH_NAME_MAX ? S.branchNameTooLong : null;
    case 'emoji':
      return input.emoji !== null && (AUTO_CONNECT_EMOJIS as readonly string[]).includes(input.emoji)
        ? null
        : S.emojiInvalid;
    case 'address':
      if (isBlank(input.address)) return S.addressEmpty;
      return input.address.trim().length > ADDRESS_MAX ? S.addressTooLong : null;
    case 'salonPhone':
      if (isBlank(input.salonPhone)) return O.salonPhoneEmpty;
      return normalizePhone(input.salonPhone) === null ? O.salonPhoneInvalid : null;
    case 'ownerPhone':
      if (isBlank(input.ownerPhone)) return O.ownerPhoneEmpty;
      return normalizePhone(input.ownerPhone) === null ? O.ownerPhoneInvalid : null;
    case 'waAge':
      if (input.waAge === null || isBlank(input.waAge)) return O.waAgeEmpty;
      return (WA_AGES as readonly string[]).includes(input.waAge) ? null : O.waAgeInvalid;
    case 'mainChannel':
      return input.mainChannel !== null && (MAIN_CHANNELS as readonly string[]).includes(input.mainChannel)
        ? null
        : S.mainChannelInvalid;
    case 'links': {
      const links = filledLinks(input.links);
      if (links.length > AUTO_CONNECT_LINKS_MAX) return S.linksTooMany;
      return links.every(isHttpUrl) ? null : S.linkInvalid;
    }
    case 'telegramId':
      if (isBlank(input.telegramId)) return O.telegramIdEmpty;
      return isValidTelegramId(input.telegramId.trim()) ? null : O.telegramIdInvalid;
    case 'agreement':
      return input.mandatoryAgreement ? null : O.agreementRequired;
  }
}

export interface AutoConnectCheck {
  problem: AutoConnectProblem;
  field: AutoConnectField;
}

// Every problem of the step's fields, in the order of the fields (each goes under its field).
export function autoConnectStepProblems(step: AutoConnectStep, input: AutoConnectInput): AutoConnectCheck[] {
  return STEP_FIELDS[step].flatMap((field) => {
    const problem = fieldProblem(input, field);
    return problem ? [{ problem, field }] : [];
  });
}

// The field a refusal belongs under, when it belongs under one.
const FIELD_OF_STATUS: Record<string, AutoConnectField> = {
  [ONBOARDING_STATUS.promoUnknown]: 'promoCode',
  [AUTO_CONNECT_STATUS.branchNameEmpty]: 'branchName',
  [AUTO_CONNECT_STATUS.branchNameTooLong]: 'branchName',
  [AUTO_CONNECT_STATUS.emojiInvalid]: 'emoji',
  [AUTO_CONNECT_STATUS.addressEmpty]: 'address',
  [AUTO_CONNECT_STATUS.addressTooLong]: 'address',
  [ONBOARDING_STATUS.salonPhoneEmpty]: 'salonPhone',
  [ONBOARDING_STATUS.salonPhoneInvalid]: 'salonPhone',
  [ONBOARDING_STATUS.ownerPhoneEmpty]: 'ownerPhone',
  [ONBOARDING_STATUS.ownerPhoneInvalid]: 'ownerPhone',
  [ONBOARDING_STATUS.waAgeEmpty]: 'waAge',
  [ONBOARDING_STATUS.waAgeInvalid]: 'waAge',
  [AUTO_CONNECT_STATUS.mainChannelInvalid]: 'mainChannel',
  [AUTO_CONNECT_STATUS.linksTooMany]: 'links',
  [AUTO_CONNECT_STATUS.linkInvalid]: 'links',
  [ONBOARDING_STATUS.telegramIdEmpty]: 'telegramId',
  [ONBOARDING_STATUS.telegramIdInvalid]: 'telegramId',
  [ONBOARDING_STATUS.agreementRequired]: 'agreement',
};

export function autoConnectFieldOfStatus(status: string): AutoConnectField | null {
  return FIELD_OF_STATUS[status] ?? null;
}
