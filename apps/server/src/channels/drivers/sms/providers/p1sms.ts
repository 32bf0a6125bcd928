import type { Ack, SendResult } from '../../../channel.js';
import {
  failed,
  failureFromHttpStatus,
  type HttpReply,
  httpRequest,
  isRecord,
  requiredApiKey,
  type ResolvedOptions,
  resolveOptions,
  sendGuarded,
  toId,
  toNumber,
  trimmed,
  withQuery,
} from '../sms-http.js';
import {
  SmsProviderError,
  type SmsCredentials,
  type SmsDeliveryStatus,
  type SmsProvider,
  type SmsProviderOptions,
} from '../sms-provider.js';

// P1SMS API (https://p1sms.ru/api-documentation): JSON over HTTPS on admin.p1sms.ru, authorised by
// apiKey in the body (POST) or the query (GET).
//   POST /apiSms/create            {"apiKey", "sms": [{"phone", "text", "channel", "sender"}]}
//   POST /apiSms/get               {"apiKey", "apiSmsIdList": [id]}   (message information)
//   GET  /apiUsers/getUserBalanceInfo?apiKey=…
// Every reply is {"status": "success", "data": …}. Per-message statuses: created, moderation, sent,
// error, delivered, not_delivered, read, planned, low_balance, low_partner_balance, rejected.
//
// channel 'char' is the alphanumeric-sender channel and needs `sender`; 'digit' is the cheap channel
// from a numeric sender. The contract requires a sender name for P1SMS, so 'char' is the rule and
// 'digit' only the fallback when none reaches the adapter.
//
// The page documents no refusal envelope or error codes, so a refusal (status other than "success")
// is classified from the HTTP status and the words of its message; the words are kept in the detail.
//
// P1SMS has no client message id (`tag` is a free sorting label), so a resend after a crash cannot
// be recognised by it. Its webhookUrl reports need a public URL per branch; the driver polls instead.

const DEFAULT_BASE_URL = 'https://admin.p1sms.ru';

function apiKey(credentials: SmsCredentials): string {
  return requiredApiKey(credentials, 'P1SMS');
}

// The message of a refusal, wherever this reply put it: {"message"}, {"data": {"message"|"error"}},
// {"errors": {field: [..]}}.
function refusalText(body: unknown): string {
  if (!isRecord(body)) return '';
  const parts: string[] = [];
  for (const value of [body.message, body.error, isRecord(body.data) ? body.data.message : undefined]) {
    if (typeof value === 'string' && value !== '') parts.push(value);
  }
  if (isRecord(body.data) && typeof body.data.error === 'string') parts.push(body.data.error);
  if (isRecord(body.errors)) {
    for (const [key, value] of Object.entries(body.errors)) {
      const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
      parts.push(`${key}: ${messages.join('; ')}`);
    }
  }
  return parts.join('; ');
}

function refusal(reply: HttpReply): SendResult {
  const text = refusalText(reply.json);
  const detail = `P1SMS (http ${reply.status})${text ? `: ${text}` : ''}`;
  if (reply.status === 402 || /баланс|средств|balance|money|funds/i.test(text)) {
    return failed('provider_error', `no_money (${detail})`);
  }
  if (/api.?key|ключ|токен|token|unauthori[sz]ed|авториз/i.test(text)) {
    return failed('provider_error', `bad_credentials (${detail})`);
  }
  if (/sender|отправител/i.test(text)) return failed('provider_error', `sender_not_approved (${detail})`);
  if (/phone|номер|телефон/i.test(text)) return failed('invalid_recipient', detail);
  if (/too many|limit|лимит|частот/i.test(text)) return failed('rate_limited', detail);
  return failed('provider_error', detail);
}

// A message refused at creation comes back in `data` with one of the failure statuses.
function itemFailure(status: string, description: string): SendResult {
  const detail = `P1SMS ${status}${description ? `: ${description}` : ''}`;
  if (status === 'low_balance' || status === 'low_partner_balance') {
    return failed('provider_error', `no_money (${detail})`);
  }
  if (/phone|номер|телефон/i.test(description)) return failed('invalid_recipient', detail);
  if (/sender|отправител/i.test(description)) return failed('provider_error', `sender_not_approved (${detail})`);
  return failed('provider_error', detail);
}

const FAILED_ON_CREATE = new Set(['error', 'rejected', 'low_balance', 'low_partner_balance']);

// Created, on moderation, planned, handed to the operator; delivered; read (messenger channels);
// not delivered, system error, rejected, or stopped for want of money.
const STATUS_TO_ACK: Readonly<Record<string, Ack>> = {
  created: 'server',
  moderation: 'server',
  planned: 'server',
  sent: 'server',
  delivered: 'delivered',
  read: 'read',
  not_delivered: 'failed',
  error: 'failed',
  rejected: 'failed',
  low_balance: 'failed',
  low_partner_balance: 'failed',
};

export function p1smsStatusToAck(status: unknown): SmsDeliveryStatus {
  return typeof status === 'string' ? (STATUS_TO_ACK[status] ?? 'pending') : 'pending';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function p1smsProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  function post(path: string, body: Record<string, unknown>): Promise<HttpReply> {
    return httpRequest(o, {
      method: 'POST',
      url: `${o.baseUrl}${path}`,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    });
  }

  // The `data` of a successful reply; anything else throws so the caller asks again later.
  function dataOf(reply: HttpReply, what: string): unknown {
    if (!isRecord(reply.json) || reply.json.status !== 'success') {
      const code = reply.status === 401 || reply.status === 403 ? 'bad_credentials' : `http_${reply.status}`;
      throw new SmsProviderError(code, `P1SMS ${what}: ${refusalText(reply.json) || 'unexpected reply'}`);
    }
    return reply.json.data;
  }

  return {
    key: 'p1sms',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const sender = trimmed(input.senderName);
        const reply = await post('/apiSms/create', {
          apiKey: apiKey(credentials),
          sms: [
            sender
              ? { phone: input.to, text: input.text, channel: 'char', sender }
              : { phone: input.to, text: input.text, channel: 'digit' },
          ],
        });
        if (!isRecord(reply.json) || reply.json.status !== 'success') {
          return failureFromHttpStatus(reply) ?? refusal(reply);
        }
        const data = reply.json.data;
        const entry = Array.isArray(data) ? (data[0] as unknown) : undefined;
        if (!isRecord(entry)) return failed('provider_error', 'P1SMS: no message in the reply');
        const status = text(entry.status);
        if (FAILED_ON_CREATE.has(status)) return itemFailure(status, text(entry.errorDescription));
        const id = toId(entry.id);
        return id ? { ok: true, providerMessageId: id } : failed('provider_error', 'P1SMS: no id in the reply');
      }),

    async status(credentials, providerMessageId) {
      const id = Number(providerMessageId);
      if (!Number.isSafeInteger(id)) throw new SmsProviderError('bad_message_id', `P1SMS id "${providerMessageId}"`);
      const data = dataOf(await post('/apiSms/get', { apiKey: apiKey(credentials), apiSmsIdList: [id] }), 'get');
      const entry = Array.isArray(data)
        ? (data as unknown[]).find((item) => isRecord(item) && toId(item.id) === providerMessageId)
        : undefined;
      return isRecord(entry) ? p1smsStatusToAck(entry.status) : 'pending';
    },

    async balance(credentials) {
      const reply = await httpRequest(o, {
        method: 'GET',
        url: withQuery(`${o.baseUrl}/apiUsers/getUserBalanceInfo`, { apiKey: apiKey(credentials) }),
      });
      const balance = toNumber(dataOf(reply, 'getUserBalanceInfo'));
      if (balance === undefined) throw new SmsProviderError('bad_reply', 'P1SMS balance: no balance in the reply');
      return balance;
    },
  };
}
