import type { SmsSettingsBody, SmsSettingsWire } from '@salon/contract/settings';
import { isMaskedSecret, SETTINGS_STATUS } from '@salon/contract/settings-rules';
import {
  SMS_PROVIDER_OFF,
  SMS_PROVIDERS,
  resolveSmsProvider,
  validateSmsSettings,
  type SmsCredentialField,
  type SmsProviderInfo,
  type SmsSettingsProblemCode,
} from '@salon/contract/sms-providers';
import type { FieldErrorKey, FieldErrors } from './settings-page-state';

export const SMS_OFF_ID = SMS_PROVIDERS.find((p) => p.key === SMS_PROVIDER_OFF)!.id;

// The /sms form. Secrets (API key, password) are never shown: the server sends them masked
// ('••••abcd'); the inputs start empty and only a newly typed value is sent.
export interface SmsDraft {
  providerId: number;
  apiKey: string;
  login: string;
  password: string;
  senderName: string;
  confirm: boolean;
  // The masked stored secrets ('' when none), for the hint and for the completeness check.
  storedApiKey: string;
  storedPassword: string;
}

type SecretField = 'apiKey' | 'password';
const SECRET_FIELDS: readonly SecretField[] = ['apiKey', 'password'];
const STORED: Record<SecretField, 'storedApiKey' | 'storedPassword'> = {
  apiKey: 'storedApiKey',
  password: 'storedPassword',
};

export function toSmsDraft(wire: SmsSettingsWire): SmsDraft {
  const secret = (value: string) =>
    isMaskedSecret(value) ? { typed: '', stored: value } : { typed: value, stored: '' };
  const apiKey = secret(wire.sms_apikey);
  const password = secret(wire.sms_pass);
  return {
    providerId: resolveSmsProvider(wire.sms_provider)?.id ?? SMS_OFF_ID,
    apiKey: apiKey.typed,
    login: wire.sms_login,
    password: password.typed,
    senderName: wire.sms_sendername,
    confirm: wire.sms_confirm,
    storedApiKey: apiKey.stored,
    storedPassword: password.stored,
  };
}

export function providerOf(draft: Pick<SmsDraft, 'providerId'>): SmsProviderInfo {
  return resolveSmsProvider(draft.providerId) ?? SMS_PROVIDERS[0]!;
}

export function isOff(draft: Pick<SmsDraft, 'providerId'>): boolean {
  return providerOf(draft).key === SMS_PROVIDER_OFF;
}

// SPEC 4: choosing 'off' clears the confirmation flag, with a warning.
export function chooseProvider(draft: SmsDraft, providerId: number): { draft: SmsDraft; confirmCleared: boolean } {
  const off = resolveSmsProvider(providerId)?.key === SMS_PROVIDER_OFF;
  const confirmCleared = off && draft.confirm;
  return { draft: { ...draft, providerId, confirm: off ? false : draft.confirm }, confirmCleared };
}

// SPEC 4: the confirmation flag cannot be turned on while the provider is off.
export function toggleConfirm(draft: SmsDraft, next: boolean): { draft: SmsDraft; refused: boolean } {
  if (next && isOff(draft)) return { draft, refused: true };
  return { draft: { ...draft, confirm: next }, refused: false };
}

// What the contract's validateSmsSettings sees: a stored secret counts as given.
function effective(draft: SmsDraft, field: SecretField): string {
  return draft[field] !== '' ? draft[field] : draft[STORED[field]];
}

function isKeptSecret(draft: SmsDraft, field: string): boolean {
  const secret = SECRET_FIELDS.find((f) => f === field);
  return secret !== undefined && draft[secret] === '' && draft[STORED[secret]] !== '';
}

const PROBLEM_KEYS: Record<SmsSettingsProblemCode, FieldErrorKey> = {
  unknown_provider: 'unknownProvider',
  required: 'required',
  api_key_or_login_required: 'apiKeyOrLogin',
  md5_required: 'md5Required',
  invalid_email: 'invalidEmail',
  confirm_requires_provider: 'confirmRequiresProvider',
};

// SPEC 5 provider rules, as field errors to show before anything is sent.
export function smsProblems(draft: SmsDraft): FieldErrors {
  const problems = validateSmsSettings({
    provider: draft.providerId,
    apiKey: effective(draft, 'apiKey'),
    login: draft.login,
    password: effective(draft, 'password'),
    senderName: draft.senderName,
    confirm: draft.confirm,
  });
  const errors: Record<string, FieldErrorKey> = {};
  for (const { field, code } of problems) {
    // A kept (masked) secret was checked when it was saved; its mask cannot be checked again.
    if (code === 'md5_required' && isKeptSecret(draft, field)) continue;
    errors[field] ??= PROBLEM_KEYS[code];
  }
  return errors;
}

// The body of POST /settings/sms: only the chosen provider's fields; a secret only when a new
// one was typed (omitted means "keep the stored one").
export function toSmsBody(draft: SmsDraft): SmsSettingsBody {
  const provider = providerOf(draft);
  if (provider.key === SMS_PROVIDER_OFF) return { sms_provider: null, sms_confirm: false };
  const body: SmsSettingsBody = { sms_provider: provider.id, sms_confirm: draft.confirm };
  const shown = (field: SmsCredentialField) => provider.fields.includes(field);
  if (shown('apiKey') && draft.apiKey.trim() !== '') body.sms_apikey = draft.apiKey.trim();
  if (shown('password') && draft.password.trim() !== '') body.sms_pass = draft.password.trim();
  if (shown('login')) body.sms_login = draft.login.trim();
  if (shown('senderName')) body.sms_sendername = draft.senderName.trim();
  return body;
}

const WIRE_FIELDS: Record<string, string> = {
  sms_provider: 'provider',
  sms_apikey: 'apiKey',
  sms_login: 'login',
  sms_pass: 'password',
  sms_sendername: 'senderName',
  sms_confirm: 'confirm',
};

export function smsServerError(field: string, code: string): readonly [string, FieldErrorKey] | null {
  const known = (PROBLEM_KEYS as Record<string, FieldErrorKey>)[code];
  const own = WIRE_FIELDS[field] ?? (Object.values(WIRE_FIELDS).includes(field) ? field : undefined);
  if (code === 'confirm_requires_provider' || code === SETTINGS_STATUS.smsConfirmWithoutProvider)
    return ['confirm', 'confirmRequiresProvider'];
  if (own) return [own, known ?? 'invalid'];
  return null;
}
