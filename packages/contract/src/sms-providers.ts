// SPEC 3 Settings (SMS) and SPEC 5 SMS provider rules. Pure data and functions with no zod, so the
// web bundle can import it for the /sms settings screen and the server for its SMS channel driver.

export const SMS_PROVIDER_OFF = 'off';

// The credential fields of the /settings/sms form (wire: sms_apikey, sms_login, sms_pass,
// sms_sendername).
export const SMS_CREDENTIAL_FIELDS = ['apiKey', 'login', 'password', 'senderName'] as const;
export type SmsCredentialField = (typeof SMS_CREDENTIAL_FIELDS)[number];
export type SmsAuthField = Exclude<SmsCredentialField, 'senderName'>;

export interface SmsProviderInfo {
  // The spec's provider number: 1 is off, 2..19 are gateways.
  id: number;
  key: string;
  name: string;
  website: string | null;
  // Fields the settings form shows for this provider, in display order.
  fields: readonly SmsCredentialField[];
  // Alternative sets of credentials; any one complete set is enough ('apiKey OR login+password').
  auth: readonly (readonly SmsAuthField[])[];
  // 'branch_name': optional, and the branch name is used when empty (sms.ru, SPEC 5).
  senderName: 'required' | 'optional' | 'branch_name' | 'none';
  // How the login and password fields must look.
  loginFormat: 'text' | 'email';
  passwordFormat: 'text' | 'md5';
  // Whether the server has a working adapter; the others can be saved but send nothing yet.
  supported: boolean;
}

function gateway(
  info: Omit<SmsProviderInfo, 'fields' | 'loginFormat' | 'passwordFormat' | 'website'> &
    Partial<Pick<SmsProviderInfo, 'loginFormat' | 'passwordFormat' | 'website'>>,
): SmsProviderInfo {
  const authFields = SMS_CREDENTIAL_FIELDS.filter(
    (f): f is SmsAuthField => f !== 'senderName' && info.auth.some((set) => set.includes(f)),
  );
  return {
    website: null,
    loginFormat: 'text',
    passwordFormat: 'text',
    ...info,
    fields: info.senderName === 'none' ? authFields : [...authFields, 'senderName'],
  };
}

export const SMS_PROVIDERS: readonly SmsProviderInfo[] = [
  // Off needs no adapter, so it counts as supported: nothing is sent and nothing is missing.
  gateway({ id: 1, key: SMS_PROVIDER_OFF, name: 'Off', auth: [], senderName: 'none', supported: true }),
  gateway({
    id: 2,
    key: 'smsru',
    name: 'SMS.RU',
    website: 'https://sms.ru',
    auth: [['apiKey']],
    senderName: 'branch_name',
    supported: true,
  }),
  gateway({
    id: 3,
    key: 'smsc',
    name: 'SMSC.RU',
    website: 'https://smsc.ru',
    auth: [['apiKey'], ['login', 'password']],
    senderName: 'optional',
    supported: true,
  }),
  gateway({
    id: 4,
    key: 'smsaero',
    name: 'SMS Aero',
    website: 'https://smsaero.ru',
    // Basic auth email:api_key.
    auth: [['login', 'apiKey']],
    loginFormat: 'email',
    senderName: 'optional',
    supported: true,
  }),
  gateway({
    id: 5,
    key: 'smsprosto',
    name: 'SMS-Prosto',
    website: 'https://sms-prosto.ru',
    auth: [['apiKey'], ['login', 'password']],
    loginFormat: 'email',
    senderName: 'required',
    supported: true,
  }),
  gateway({
    id: 6,
    key: 'rumessage',
    name: 'RuMessage',
    // SPEC 5: the password is given as its MD5 digest, never in clear. No public API was found.
    auth: [['login', 'password']],
    passwordFormat: 'md5',
    senderName: 'optional',
    supported: false,
  }),
  gateway({
    id: 7,
    key: 'smstraffic',
    name: 'SMS Traffic',
    website: 'https://www.smstraffic.ru',
    auth: [['login', 'password']],
    senderName: 'optional',
    supported: true,
  }),
  gateway({
    id: 8,
    key: 'exolve',
    name: 'MTS Exolve',
    website: 'https://exolve.ru',
    auth: [['apiKey']],
    senderName: 'required',
    supported: false,
  }),
  gateway({
    id: 9,
    key: 'devino',
    name: 'Devino Telecom',
    website: 'https://devino.online',
    auth: [['apiKey']],
    senderName: 'required',
    supported: true,
  }),
  gateway({
    id: 10,
    key: 'p1sms',
    name: 'P1SMS',
    website: 'https://p1sms.ru',
    auth: [['apiKey']],
    senderName: 'required',
    supported: true,
  }),
  gateway({
    id: 11,
    key: 'smsint',
    name: 'SMSint',
    website: 'https://smsint.ru',
    auth: [['apiKey']],
    senderName: 'optional',
    supported: false,
  }),
  gateway({
    id: 12,
    key: 'iqsms',
    name: 'iqsms (SMS Дисконт)',
    website: 'https://iqsms.ru',
    auth: [['login', 'password']],
    senderName: 'optional',
    supported: true,
  }),
  gateway({
    id: 13,
    key: 'smspilot',
    name: 'SMSPILOT',
    website: 'https://smspilot.ru',
    auth: [['apiKey']],
    senderName: 'optional',
    supported: true,
  }),
  gateway({
    id: 14,
    key: 'greensms',
    name: 'GreenSMS',
    website: 'https://greensms.ru',
    // The API token (sent as a Bearer token), or the account login and password.
    auth: [['apiKey'], ['login', 'password']],
    senderName: 'optional',
    supported: true,
  }),
  gateway({
    id: 15,
    key: 'mobizon',
    name: 'Mobizon',
    website: 'https://mobizon.kz',
    auth: [['apiKey']],
    senderName: 'optional',
    supported: true,
  }),
  gateway({
    id: 16,
    key: 'unisender',
    name: 'Unisender',
    website: 'https://www.unisender.com',
    auth: [['apiKey']],
    senderName: 'required',
    supported: true,
  }),
  gateway({
    id: 17,
    key: 'twilio',
    name: 'Twilio',
    website: 'https://www.twilio.com',
    // Account SID as the login, Auth Token as the password; the sender is a Twilio number.
    auth: [['login', 'password']],
    senderName: 'required',
    supported: true,
  }),
  gateway({
    id: 18,
    key: 'vonage',
    name: 'Vonage',
    website: 'https://www.vonage.com',
    // API key and API secret.
    auth: [['apiKey', 'password']],
    senderName: 'required',
    supported: true,
  }),
  gateway({
    id: 19,
    key: 'infobip',
    name: 'Infobip',
    website: 'https://www.infobip.com',
    auth: [['apiKey']],
    senderName: 'optional',
    supported: true,
  }),
];

export function smsProviderById(id: number): SmsProviderInfo | undefined {
  return SMS_PROVIDERS.find((p) => p.id === id);
}

export function smsProviderByKey(key: string): SmsProviderInfo | undefined {
  return SMS_PROVIDERS.find((p) => p.key === key);
}

// Accepts what the settings form or the wire may carry: the id, the key, a numeric string, or
// null/empty for off (the wire sends sms_provider null when off).
export function resolveSmsProvider(value: string | number | null | undefined): SmsProviderInfo | undefined {
  if (value === null || value === undefined || value === '') return smsProviderByKey(SMS_PROVIDER_OFF);
  if (typeof value === 'number') return smsProviderById(value);
  if (/^\d+$/.test(value)) return smsProviderById(Number(value));
  return smsProviderByKey(value);
}

export function isSmsProviderOff(value: string | number | null | undefined): boolean {
  return resolveSmsProvider(value)?.key === SMS_PROVIDER_OFF;
}

export interface SmsSettingsInput {
  provider: string | number | null | undefined;
  apiKey?: string | null;
  login?: string | null;
  password?: string | null;
  senderName?: string | null;
  // smsConfirm (wire sms_confirm).
  confirm?: boolean | null;
}

export type SmsSettingsField = 'provider' | SmsCredentialField | 'confirm';

export type SmsSettingsProblemCode =
  | 'unknown_provider'
  | 'required'
  // Nothing of either alternative was given (e.g. SMS-Prosto: an API key, or e-mail and password).
  | 'api_key_or_login_required'
  | 'md5_required'
  | 'invalid_email'
  | 'confirm_requires_provider';

export interface SmsSettingsProblem {
  field: SmsSettingsField;
  code: SmsSettingsProblemCode;
}

const MD5_PATTERN = /^[0-9a-f]{32}$/i;
// Deliberately loose: the provider is the authority on its accounts; this only catches typos
// such as a missing '@' or domain.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

// SPEC 4/5: what the /sms settings form must refuse before saving, and what the server checks
// before using stored credentials. An empty list means the settings are usable.
export function validateSmsSettings(input: SmsSettingsInput): SmsSettingsProblem[] {
  const provider = resolveSmsProvider(input.provider);
  if (!provider) return [{ field: 'provider', code: 'unknown_provider' }];

  if (provider.key === SMS_PROVIDER_OFF) {
    // SPEC 4: confirmation cannot be turned on while the provider is off or empty.
    return input.confirm === true ? [{ field: 'confirm', code: 'confirm_requires_provider' }] : [];
  }

  const problems: SmsSettingsProblem[] = [];
  const values: Record<SmsAuthField, string | null | undefined> = {
    apiKey: input.apiKey,
    login: input.login,
    password: input.password,
  };

  const complete = provider.auth.find((set) => set.every((f) => filled(values[f])));
  if (!complete) {
    const started = provider.auth
      .map((set) => ({ set, count: set.filter((f) => filled(values[f])).length }))
      .filter((a) => a.count > 0)
      .sort((a, b) => b.count - a.count)[0];
    if (started) {
      // The user began one alternative: name what it still lacks.
      for (const f of started.set) if (!filled(values[f])) problems.push({ field: f, code: 'required' });
    } else if (provider.auth.length > 1) {
      problems.push({ field: 'apiKey', code: 'api_key_or_login_required' });
    } else {
      for (const f of provider.auth[0] ?? []) problems.push({ field: f, code: 'required' });
    }
  }

  if (provider.loginFormat === 'email' && filled(input.login) && !EMAIL_PATTERN.test(input.login.trim())) {
    problems.push({ field: 'login', code: 'invalid_email' });
  }
  if (provider.passwordFormat === 'md5' && filled(input.password) && !MD5_PATTERN.test(input.password.trim())) {
    problems.push({ field: 'password', code: 'md5_required' });
  }
  if (provider.senderName === 'required' && !filled(input.senderName)) {
    problems.push({ field: 'senderName', code: 'required' });
  }
  return problems;
}
