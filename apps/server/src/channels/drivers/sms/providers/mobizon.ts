import type { Ack, SendResult } from '../../../channel.js';
import {
  failed,
  failureFromHttpStatus,
  FORM_HEADERS,
  formBody,
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
import {
  SmsProviderError,
  type SmsCredentials,
  type SmsDeliveryStatus,
  type SmsProvider,
  type SmsProviderOptions,
} from '../sms-provider.js';

// Mobizon SMS API v1 (https://mobizon.kz/help/api-docs/sms-api; sources at
// github.com/mobizon/mobizon-api-docs, client github.com/mobizon/mobizon-php):
//   POST https://<api domain>/service/<module>/<method>?output=json&api=v1&apiKey=KEY, form body.
//   message/sendSmsMessage  recipient, text, from → data {campaignId, messageId, status}
//   message/getSMSStatus    ids                   → data [{id, status: "DELIVRD"…, segNum, …}]
//   user/getOwnBalance                            → data {balance: "123.4500", currency: "KZT"}
// Every reply is {"code": N, "data": …, "message": "…"}; code 0 (and 100, queued in the background)
// is success. Refusals: 1 validation (data names the failing fields), 2 not found, 8 login error,
// 12 a parameter out of its limits, 13 the account lives on another API domain (data names it),
// 14 account blocked or deleted, 30 too many requests, 3/10/15/999 service errors.
//
// Mobizon has no client message id, so a resend after a crash cannot be recognised by it.
// Delivery webhooks are set in the account (every SMS of it, no per-message URL): an
// sms-delivery-report event posts JSON {"eventType", "data": {"messageId", "status", …}, "sign"} with the
// final status only (github.com/mobizon/mobizon-api-docs src/v1/en/_webhook/04-specifics.md and
// 05-data-structure.md); parseReport reads it when the salon points the webhook at its report URL, and
// the SMS port polls getSMSStatus as well.

const DEFAULT_BASE_URL = 'https://api.mobizon.kz';

interface MobizonReply {
  code: number;
  data: unknown;
  message: string;
}

function apiKeyOf(credentials: SmsCredentials): string {
  return requiredApiKey(credentials, 'Mobizon');
}

function parse(reply: HttpReply, method: string): MobizonReply {
  const code = isRecord(reply.json) ? toNumber(reply.json.code) : undefined;
  if (!isRecord(reply.json) || code === undefined) {
    throw new SmsProviderError(`http_${reply.status}`, `Mobizon ${method}: unexpected reply (http ${reply.status})`);
  }
  const message = reply.json.message;
  return { code, data: reply.json.data, message: typeof message === 'string' ? message : '' };
}

// What a refusal's data says: the failing fields of a validation error ({"recipient": "…"}) or a text.
function said(data: unknown): { fields: string[]; text: string } {
  if (isRecord(data)) {
    const texts = Object.entries(data).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    return { fields: Object.keys(data), text: texts.join('; ') };
  }
  return { fields: [], text: typeof data === 'string' ? data : '' };
}

function sendFailure(reply: MobizonReply): SendResult {
  const { fields, text } = said(reply.data);
  const all = [reply.message, text].filter((s) => s !== '').join('; ');
  const detail = `Mobizon ${reply.code}${all ? `: ${all}` : ''}`;
  if (reply.code === 8 || reply.code === 14) return failed('provider_error', `bad_credentials (${detail})`);
  if (reply.code === 30) return failed('rate_limited', detail, 60_000);
  if (/баланс|средств|balance|funds|money|credit/i.test(all)) return failed('provider_error', `no_money (${detail})`);
  if (reply.code === 1 || reply.code === 12) {
    if (fields.includes('from')) return failed('provider_error', `sender_not_approved (${detail})`);
    if (fields.includes('recipient')) return failed('invalid_recipient', detail);
  }
  return failed('provider_error', detail);
}

// Message statuses: NEW, ENQUEUD, ACCEPTD and PDLIVRD (some segments delivered) are on their way;
// DELIVRD is final delivery; UNDELIV, REJECTD, EXPIRED and DELETED are final failures.
const STATUS_TO_ACK: Readonly<Record<string, Ack>> = {
  NEW: 'server',
  ENQUEUD: 'server',
  ACCEPTD: 'server',
  PDLIVRD: 'server',
  DELIVRD: 'delivered',
  UNDELIV: 'failed',
  REJECTD: 'failed',
  EXPIRED: 'failed',
  DELETED: 'failed',
};

export function mobizonStatusToAck(status: unknown): SmsDeliveryStatus {
  const key = typeof status === 'string' ? status.toUpperCase() : '';
  return Object.hasOwn(STATUS_TO_ACK, key) ? STATUS_TO_ACK[key]! : 'pending';
}

// The API domain depends on where the account was registered (api.mobizon.kz, api.mobizon.net.ua, …);
// code 13 names the right one, which is then used for that key from then on.
const HOST_PATTERN = /^[a-z0-9][-a-z0-9]*(?:\.[a-z0-9][-a-z0-9]*)+(?::\d+)?$/i;

export function mobizonProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);
  const protocol = new URL(o.baseUrl).protocol;
  const hostByKey = new Map<string, string>();

  async function call(
    credentials: SmsCredentials,
    module: string,
    method: string,
    params: Record<string, string | undefined>,
  ): Promise<HttpReply> {
    const apiKey = apiKeyOf(credentials);
    const request = (base: string) =>
      httpRequest(o, {
        method: 'POST',
        url: withQuery(`${base}/service/${module}/${method.toLowerCase()}`, { output: 'json', api: 'v1', apiKey }),
        headers: FORM_HEADERS,
        body: formBody(params),
      });
    const known = hostByKey.get(apiKey);
    const reply = await request(known ? `${protocol}//${known}` : o.baseUrl);
    const body = reply.json;
    if (isRecord(body) && toNumber(body.code) === 13 && typeof body.data === 'string' && HOST_PATTERN.test(body.data)) {
      if (body.data === known) return reply;
      hostByKey.set(apiKey, body.data);
      return request(`${protocol}//${body.data}`);
    }
    return reply;
  }

  async function data(
    credentials: SmsCredentials,
    module: string,
    method: string,
    params: Record<string, string | undefined>,
  ) {
    const reply = parse(await call(credentials, module, method, params), method);
    if (reply.code !== 0) {
      const code = reply.code === 8 || reply.code === 14 ? 'bad_credentials' : String(reply.code);
      throw new SmsProviderError(code, `Mobizon ${method}: ${reply.message || said(reply.data).text}`);
    }
    return reply.data;
  }

  return {
    key: 'mobizon',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const raw = await call(credentials, 'message', 'sendSmsMessage', {
          recipient: input.to,
          text: input.text,
          from: input.senderName ?? undefined,
        });
        const readable = isRecord(raw.json) && toNumber(raw.json.code) !== undefined;
        if (raw.status === 429 || raw.status >= 500 || !readable) {
          return (
            failureFromHttpStatus(raw) ?? failed('provider_error', `Mobizon: unexpected reply (http ${raw.status})`)
          );
        }
        const reply = parse(raw, 'sendSmsMessage');
        if (reply.code !== 0 && reply.code !== 100) return sendFailure(reply);
        const id = isRecord(reply.data) ? toId(reply.data.messageId) : undefined;
        return id
          ? { ok: true, providerMessageId: id }
          : failed('provider_error', 'Mobizon: no messageId in the reply');
      }),

    async status(credentials, providerMessageId): Promise<SmsDeliveryStatus> {
      const result = await data(credentials, 'message', 'getSMSStatus', { ids: providerMessageId });
      // Unknown ids are simply left out of the list.
      const entry = Array.isArray(result)
        ? result.find((e) => isRecord(e) && toId(e.id) === providerMessageId)
        : undefined;
      return isRecord(entry) ? mobizonStatusToAck(entry.status) : 'pending';
    },

    parseReport(input) {
      const body = input.body;
      if (!isRecord(body) || body.eventType !== 'sms-delivery-report' || !isRecord(body.data)) return [];
      const id = toId(body.data.messageId);
      return id ? [{ providerMessageId: id, status: mobizonStatusToAck(body.data.status) }] : [];
    },

    async balance(credentials) {
      const result = await data(credentials, 'user', 'getOwnBalance', {});
      const balance = isRecord(result) ? toNumber(result.balance) : undefined;
      if (balance === undefined)
        throw new SmsProviderError('bad_reply', 'Mobizon getOwnBalance: no balance in the reply');
      return balance;
    },
  };
}
