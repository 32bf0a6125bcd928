import type { SendResult } from '../../../channel.js';
import {
  failed,
  failureFromHttpStatus,
  httpRequest,
  isRecord,
  resolveOptions,
  sendGuarded,
  toId,
  toNumber,
  trimmed,
  type HttpReply,
  type ResolvedOptions,
  ackByCode,
} from '../sms-http.js';
import { SmsProviderError, type SmsCredentials, type SmsProvider, type SmsProviderOptions } from '../sms-provider.js';

// SMS Aero API v2 (https://smsaero.ru/integration/documentation/api/): POST gate.smsaero.ru/v2/…
// with HTTP Basic auth "email:api_key" and a JSON body. Replies are
// {"success": bool, "data": …, "message": string|null}; refusals also carry an HTTP status
// (400 validation, 401 auth, 429 throttling). Message statuses: 0 queue, 1 delivered, 2 not
// delivered, 3 transmitted, 4 waiting for status, 6 rejected, 8 on moderation.
//
// SMS Aero has no client message id, so a resend after a crash cannot be recognised by it.

const DEFAULT_BASE_URL = 'https://gate.smsaero.ru/v2';
// The signature every SMS Aero account may use without approval.
export const SMS_AERO_DEFAULT_SIGN = 'SMS Aero';

function basicAuth(credentials: SmsCredentials): string {
  const email = trimmed(credentials.login);
  const apiKey = trimmed(credentials.apiKey);
  if (!email || !apiKey)
    throw new SmsProviderError('missing_credentials', 'SMS Aero needs the account e-mail and API key');
  return `Basic ${Buffer.from(`${email}:${apiKey}`, 'utf8').toString('base64')}`;
}

function message(body: unknown): string {
  if (!isRecord(body)) return '';
  if (typeof body.message === 'string') return body.message;
  // The v1-style refusals some gates still send: {"result": "reject", "reason": "..."}.
  return typeof body.reason === 'string' ? body.reason : typeof body.result === 'string' ? body.result : '';
}

// Field errors of a validation refusal: {"data": {"number": ["…"], "sign": ["…"]}}.
function fieldErrors(body: unknown): Record<string, string> {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    const messages = Array.isArray(value) ? value : [value];
    out[key] = messages.filter((m): m is string => typeof m === 'string').join('; ');
  }
  return out;
}

// SMS Aero refuses with a message and, for validation, per-field errors, but no error codes; the kind
// of refusal is read from the fields named and the words used.
function refusal(reply: HttpReply): SendResult {
  const text = message(reply.json);
  const fields = fieldErrors(reply.json);
  const said = [text, ...Object.entries(fields).map(([k, v]) => `${k}: ${v}`)].filter((s) => s !== '');
  const detail = `SMS Aero (http ${reply.status})${said.length > 0 ? `: ${said.join('; ')}` : ''}`;
  if (reply.status === 402 || /no credits|money|balance|средств|баланс/i.test(text)) {
    return failed('provider_error', `no_money (${detail})`);
  }
  if ('sign' in fields || /sign|подпис/i.test(text)) return failed('provider_error', `sender_not_approved (${detail})`);
  if ('number' in fields || 'numbers' in fields || /number|phone|номер|телефон/i.test(text)) {
    return failed('invalid_recipient', detail);
  }
  return failed('provider_error', detail);
}

// In the queue, handed to the operator, waiting for the status, on moderation (0, 3, 4, 8); delivered (1);
// not delivered or rejected (2, 6).
const statusToAck = ackByCode({ server: [0, 3, 4, 8], delivered: [1], failed: [2, 6] });

export function smsAeroProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  function post(credentials: SmsCredentials, path: string, body: Record<string, unknown>): Promise<HttpReply> {
    return httpRequest(o, {
      method: 'POST',
      url: `${o.baseUrl}${path}`,
      headers: { authorization: basicAuth(credentials), 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    });
  }

  async function data(credentials: SmsCredentials, path: string, body: Record<string, unknown>) {
    const reply = await post(credentials, path, body);
    if (!isRecord(reply.json) || reply.json.success !== true) {
      const code = reply.status === 401 ? 'bad_credentials' : `http_${reply.status}`;
      throw new SmsProviderError(code, `SMS Aero ${path}: ${message(reply.json) || 'unexpected reply'}`);
    }
    return reply.json.data;
  }

  return {
    key: 'smsaero',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const reply = await post(credentials, '/sms/send', {
          number: input.to,
          text: input.text,
          sign: input.senderName ?? SMS_AERO_DEFAULT_SIGN,
        });
        if (isRecord(reply.json) && reply.json.success === true) {
          const id = isRecord(reply.json.data) ? toId(reply.json.data.id) : undefined;
          return id ? { ok: true, providerMessageId: id } : failed('provider_error', 'SMS Aero: no id in the reply');
        }
        return failureFromHttpStatus(reply) ?? refusal(reply);
      }),

    async status(credentials, providerMessageId) {
      const id = Number(providerMessageId);
      if (!Number.isSafeInteger(id)) throw new SmsProviderError('bad_message_id', `SMS Aero id "${providerMessageId}"`);
      const result = await data(credentials, '/sms/status', { id });
      return statusToAck(isRecord(result) ? toNumber(result.status) : undefined);
    },

    async balance(credentials) {
      const result = await data(credentials, '/balance', {});
      const balance = isRecord(result) ? toNumber(result.balance) : undefined;
      if (balance === undefined) throw new SmsProviderError('bad_reply', 'SMS Aero balance: no balance in the reply');
      return balance;
    },
  };
}
