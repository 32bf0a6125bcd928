import type { SendResult } from '../../../channel.js';
import {
  ackByCode,
  failed,
  failureFromHttpStatus,
  field,
  type HttpReply,
  httpRequest,
  isRecord,
  requiredApiKey,
  type ResolvedOptions,
  resolveOptions,
  sendGuarded,
  toId,
  toNumber,
  withQuery,
} from '../sms-http.js';
import { SmsProviderError, type SmsCredentials, type SmsProvider, type SmsProviderOptions } from '../sms-provider.js';

// sms.ru HTTP API with json=1 (https://sms.ru/api): GET /sms/send, /sms/status, /my/balance, all
// authorised by api_id. Every reply has a top-level status "OK"/"ERROR" with a status_code, and
// per-number (send) or per-id (status) entries of the same shape.
//
// sms.ru has no client message id, so a resend after a crash cannot be recognised by it; its own
// 231 (same text to the same number within a minute) is the only guard, mapped to rate_limited.

const DEFAULT_BASE_URL = 'https://sms.ru';

function sendFailure(code: number | undefined, text: string): SendResult {
  const detail = `sms.ru ${code ?? '?'}${text ? `: ${text}` : ''}`;
  switch (code) {
    // Wrong api_id / token / login, account not confirmed.
    case 200:
    case 300:
    case 301:
    case 302:
      return failed('provider_error', `bad_credentials (${detail})`);
    case 201:
      return failed('provider_error', `no_money (${detail})`);
    // Wrong number; sending to it refused; in the stop list; a foreign number the account cannot reach.
    case 202:
    case 207:
    case 209:
    case 214:
      return failed('invalid_recipient', detail);
    case 204:
      return failed('provider_error', `sender_not_approved (${detail})`);
    // Same text to this number within a minute.
    case 231:
      return failed('rate_limited', detail, 60_000);
    // Daily limits: the account's, messages to this number, identical messages to this number.
    case 206:
    case 230:
    case 232:
      return failed('rate_limited', detail);
    default:
      return failed('provider_error', detail);
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function ensureOk(reply: HttpReply, what: string): Record<string, unknown> {
  if (reply.status >= 400 || !isRecord(reply.json)) {
    throw new SmsProviderError(`http_${reply.status}`, `sms.ru ${what}: unexpected reply (http ${reply.status})`);
  }
  if (reply.json.status !== 'OK') {
    const code = toNumber(reply.json.status_code);
    throw new SmsProviderError(String(code ?? 'error'), `sms.ru ${what}: ${text(reply.json.status_text)}`);
  }
  return reply.json;
}

// Queued, being handed over, on its way (100–102); delivered (103); read, on its Viber route (110);
// expired, deleted, phone failure, unknown reason, rejected, no route (104–108, 150). -1 is "not yet".
const statusToAck = ackByCode({
  server: [100, 101, 102],
  delivered: [103],
  read: [110],
  failed: [104, 105, 106, 107, 108, 150],
});

export function smsRuProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  function apiId(credentials: SmsCredentials): string {
    return requiredApiKey(credentials, 'sms.ru', 'an api_id');
  }

  return {
    key: 'smsru',
    // sms.ru accounts are kept in roubles.
    balanceCurrency: 'RUB',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const reply = await httpRequest(o, {
          method: 'GET',
          url: withQuery(`${o.baseUrl}/sms/send`, {
            api_id: apiId(credentials),
            to: input.to,
            msg: input.text,
            from: input.senderName ?? undefined,
            json: '1',
          }),
        });
        const byHttp = failureFromHttpStatus(reply);
        if (byHttp) return byHttp;
        const body = reply.json;
        if (!isRecord(body)) return failed('provider_error', `sms.ru: unexpected reply (http ${reply.status})`);
        if (body.status !== 'OK') return sendFailure(toNumber(body.status_code), text(body.status_text));

        const perNumber = isRecord(body.sms) ? body.sms : {};
        // sms.ru keys the entry by the number as it normalised it; with one recipient take the only one.
        const entries = Object.values(perNumber);
        const entry = perNumber[input.to] ?? (entries.length === 1 ? entries[0] : undefined);
        if (!isRecord(entry)) return failed('provider_error', 'sms.ru: no result for the recipient');
        if (entry.status !== 'OK') return sendFailure(toNumber(entry.status_code), text(entry.status_text));
        const id = toId(entry.sms_id);
        return id ? { ok: true, providerMessageId: id } : failed('provider_error', 'sms.ru: no sms_id in the reply');
      }),

    async status(credentials, providerMessageId) {
      const reply = await httpRequest(o, {
        method: 'GET',
        url: withQuery(`${o.baseUrl}/sms/status`, { api_id: apiId(credentials), sms_id: providerMessageId, json: '1' }),
      });
      const body = ensureOk(reply, 'status');
      const entry = field(body, 'sms', providerMessageId);
      if (!isRecord(entry)) return 'pending';
      return statusToAck(toNumber(entry.status_code));
    },

    async balance(credentials) {
      const reply = await httpRequest(o, {
        method: 'GET',
        url: withQuery(`${o.baseUrl}/my/balance`, { api_id: apiId(credentials), json: '1' }),
      });
      const balance = toNumber(ensureOk(reply, 'balance').balance);
      if (balance === undefined) throw new SmsProviderError('bad_reply', 'sms.ru balance: no balance in the reply');
      return balance;
    },
  };
}
