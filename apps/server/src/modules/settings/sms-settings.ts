import { isMaskedSecret, maskSecret, type SmsSettingsBody, type SmsSettingsWire } from '@salon/contract/settings';
import { resolveSmsProvider, SMS_PROVIDER_OFF, validateSmsSettings } from '@salon/contract/sms-providers';
import type { BranchSettingsRow } from './repository.js';

export interface SmsSecrets {
  apiKey: string;
  password: string;
}

// The wire field each problem of validateSmsSettings belongs to.
export const SMS_WIRE_FIELD = {
  provider: 'sms_provider',
  apiKey: 'sms_apikey',
  login: 'sms_login',
  password: 'sms_pass',
  senderName: 'sms_sendername',
  confirm: 'sms_confirm',
} as const;

export function smsWire(row: BranchSettingsRow, secrets: SmsSecrets): SmsSettingsWire {
  const off = resolveSmsProvider(row.smsProvider)?.key === SMS_PROVIDER_OFF;
  return {
    sms_provider: off ? null : row.smsProvider,
    sms_apikey: maskSecret(secrets.apiKey),
    sms_pass: maskSecret(secrets.password),
    sms_login: row.smsLogin,
    sms_sendername: row.smsSenderName,
    sms_confirm: row.smsConfirm,
  };
}

// A secret the form left alone (omitted, or sent back still masked) keeps its stored value, but
// only while the provider stays the same: another provider's key must never be reused.
function nextSecret(sent: string | undefined, stored: string, sameProvider: boolean): string {
  if (sent === undefined || isMaskedSecret(sent)) return sameProvider ? stored : '';
  return sent;
}

export interface SmsChange {
  providerId: number;
  providerKey: string;
  login: string;
  senderName: string;
  secrets: SmsSecrets;
  confirm: boolean;
  problems: { path: string; code: string }[];
}

// SPEC 4/5 SMS rules applied to what was sent merged with what is stored.
export function applySmsChange(body: SmsSettingsBody, row: BranchSettingsRow, stored: SmsSecrets): SmsChange {
  const providerId = body.sms_provider ?? 1;
  const provider = resolveSmsProvider(providerId)!;
  const off = provider.key === SMS_PROVIDER_OFF;
  const same = providerId === row.smsProvider;
  const shows = (field: string) => provider.fields.some((f) => f === field);
  const change: SmsChange = {
    providerId,
    providerKey: provider.key,
    // Fields the provider does not take are not kept: what is stored is what the form shows.
    login: shows('login') ? (body.sms_login ?? '') : '',
    senderName: shows('senderName') ? (body.sms_sendername ?? '') : '',
    secrets: {
      apiKey: shows('apiKey') ? nextSecret(body.sms_apikey, stored.apiKey, same) : '',
      password: shows('password') ? nextSecret(body.sms_pass, stored.password, same) : '',
    },
    confirm: body.sms_confirm,
    problems: [],
  };
  change.problems = validateSmsSettings({
    provider: providerId,
    apiKey: change.secrets.apiKey,
    login: change.login,
    password: change.secrets.password,
    senderName: change.senderName,
    confirm: change.confirm,
  }).map((p) => ({ path: `body.${SMS_WIRE_FIELD[p.field]}`, code: p.code }));
  if (off) change.secrets = { apiKey: '', password: '' };
  return change;
}
