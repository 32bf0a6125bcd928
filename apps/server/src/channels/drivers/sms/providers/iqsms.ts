import type { Ack, SendResult } from '../../../channel.js';
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
} from '../sms-http.js';
import {
  SmsProviderError,
  type SmsCredentials,
  type SmsDeliveryStatus,
  type SmsProvider,
  type SmsProviderOptions,
} from '../sms-provider.js';

// iqsms / SMS Дисконт JSON interface (https://iqsms.ru/api/api_json/): POST JSON documents to
// api.iqsms.ru/messages/v2/{send,status,balance}.json, authorised by login and password in the body.
//   send.json     {"login", "password", "messages": [{"phone", "clientId", "text", "sender"}]}
//              →  {"status": "ok", "messages": [{"clientId", "smscId", "status": "accepted" | <refusal>}]}
//   status.json   {"login", "password", "messages": [{"smscId"}]}
//              →  {"status": "ok", "messages": [{"smscId", "status": "queued" | "delivered" | …}]}
//   balance.json  {"login", "password"} → {"status": "ok", "balance": [{"type": "RUB", "balance": …}]}
// A refused request is {"status": "error", "description": "error authorization" | …}. A refused
// message keeps its place in "messages" with the refusal as its status, in words: "invalid mobile
// phone", "text is empty", "sender address invalid", "wapurl invalid", … The pages give no full list
// and no codes, so the kind of refusal is read from those words (credits or balance: no money).
//
// clientId is the client's own id of the message (required); the idempotency key is passed as it,
// so the provider's own records tie a resend after a crash to the same outbox row.

const DEFAULT_BASE_URL = 'https://api.iqsms.ru';

function auth(credentials: SmsCredentials): { login: string; password: string } {
  const login = trimmed(credentials.login);
  const password = credentials.password;
  if (!login || !password) throw new SmsProviderError('missing_credentials', 'iqsms needs a login and a password');
  return { login, password };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

// The refusals iqsms words rather than numbers, request-wide (description) or per message (status).
function refusal(said: string): SendResult {
  const detail = `iqsms: ${said || 'refused'}`;
  if (/authoriz|login|password/i.test(said)) return failed('provider_error', `bad_credentials (${detail})`);
  if (/balance|credit|money/i.test(said)) return failed('provider_error', `no_money (${detail})`);
  if (/sender/i.test(said)) return failed('provider_error', `sender_not_approved (${detail})`);
  if (/phone/i.test(said)) return failed('invalid_recipient', detail);
  if (/limit|too many/i.test(said)) return failed('rate_limited', detail);
  return failed('provider_error', detail);
}

// Queued at iqsms or handed to the operator's SMS centre; delivered; not delivered or refused by the
// SMS centre. "incorrect id" (not known yet, or not this account's) stays pending.
const STATUS_TO_ACK: Readonly<Record<string, Ack>> = {
  queued: 'server',
  'smsc submit': 'server',
  delivered: 'delivered',
  'delivery error': 'failed',
  'smsc reject': 'failed',
};

export function iqsmsStatusToAck(status: unknown): SmsDeliveryStatus {
  return typeof status === 'string' ? (STATUS_TO_ACK[status] ?? 'pending') : 'pending';
}

export function iqsmsProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  function post(path: string, body: Record<string, unknown>): Promise<HttpReply> {
    return httpRequest(o, {
      method: 'POST',
      url: `${o.baseUrl}/messages/v2/${path}`,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    });
  }

  async function ok(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const reply = await post(path, body);
    if (!isRecord(reply.json)) {
      throw new SmsProviderError(`http_${reply.status}`, `iqsms ${path}: unexpected reply (http ${reply.status})`);
    }
    if (reply.json.status !== 'ok') {
      const said = text(reply.json.description);
      const code = /authoriz/i.test(said) ? 'bad_credentials' : String(reply.json.code ?? 'error');
      throw new SmsProviderError(code, `iqsms ${path}: ${said || 'refused'}`);
    }
    return reply.json;
  }

  return {
    key: 'iqsms',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const sender = trimmed(input.senderName);
        const message: Record<string, string> = { phone: input.to, clientId: input.idempotencyKey, text: input.text };
        if (sender) message.sender = sender;
        const reply = await post('send.json', { ...auth(credentials), messages: [message] });
        const byHttp = failureFromHttpStatus(reply);
        if (byHttp) return byHttp;
        const body = reply.json;
        if (!isRecord(body)) return failed('provider_error', `iqsms: unexpected reply (http ${reply.status})`);
        if (body.status !== 'ok') return refusal(text(body.description));

        const entries = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
        const entry =
          entries.find((m) => isRecord(m) && m.clientId === input.idempotencyKey) ??
          (entries.length === 1 ? entries[0] : undefined);
        if (!isRecord(entry)) return failed('provider_error', 'iqsms: no result for the message');
        if (entry.status !== 'accepted') return refusal(text(entry.status));
        const id = toId(entry.smscId);
        return id ? { ok: true, providerMessageId: id } : failed('provider_error', 'iqsms: no smscId in the reply');
      }),

    async status(credentials, providerMessageId) {
      const body = await ok('status.json', { ...auth(credentials), messages: [{ smscId: providerMessageId }] });
      const entries = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
      const entry = entries.find((m) => isRecord(m) && toId(m.smscId) === providerMessageId);
      return isRecord(entry) ? iqsmsStatusToAck(entry.status) : 'pending';
    },

    async balance(credentials) {
      const body = await ok('balance.json', auth(credentials));
      const rows = Array.isArray(body.balance) ? (body.balance as unknown[]) : [];
      // The money balance; an account may also list prepaid SMS packages (type "SMS").
      const money = rows.find((row) => isRecord(row) && row.type !== 'SMS');
      const balance = isRecord(money) ? toNumber(money.balance) : undefined;
      if (balance === undefined) throw new SmsProviderError('bad_reply', 'iqsms balance: no balance in the reply');
      return balance;
    },
  };
}
