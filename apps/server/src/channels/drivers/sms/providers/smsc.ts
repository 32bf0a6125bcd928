import { createHash } from 'node:crypto';
import type { SendResult } from '../../../channel.js';
import {
  failed,
  failureFromHttpStatus,
  formBody,
  FORM_HEADERS,
  httpRequest,
  isRecord,
  resolveOptions,
  sendGuarded,
  toId,
  toNumber,
  trimmed,
  type ResolvedOptions,
  ackByCode,
} from '../sms-http.js';
import {
  SmsProviderError,
  type SmsCredentials,
  type SmsDeliveryStatus,
  type SmsProvider,
  type SmsProviderOptions,
} from '../sms-provider.js';

// SMSC.RU HTTP API (https://smsc.ru/api/http/): /sys/send.php, /sys/status.php, /sys/balance.php,
// GET or POST, authorised by login+psw or apikey. POST keeps the password out of URLs and logs.
// fmt=3 gives JSON; charset=utf-8 makes SMSC read the text as UTF-8 (its default is windows-1251).
// Errors come back as {"error": "...", "error_code": N} with HTTP 200.
//
// SMSC looks a message up by phone AND id, so the providerMessageId this adapter returns carries
// both: "<id>:<phone>".

const DEFAULT_BASE_URL = 'https://smsc.ru';

// SMSC's `id` is the client's own message id (1..2147483647). Deriving it from the idempotency key
// makes a resend after a crash carry the same id, which status.php can then recognise (see error 9).
export function smscClientId(idempotencyKey: string): string {
  const n = createHash('sha256').update(idempotencyKey).digest().readUInt32BE(0) & 0x7fffffff;
  return String(n === 0 ? 1 : n);
}

export function smscMessageId(id: string, phone: string): string {
  return `${id}:${phone}`;
}

function parseMessageId(providerMessageId: string): { id: string; phone: string } {
  const at = providerMessageId.indexOf(':');
  if (at <= 0 || at === providerMessageId.length - 1) {
    throw new SmsProviderError('bad_message_id', `SMSC message id must be "<id>:<phone>", got "${providerMessageId}"`);
  }
  return { id: providerMessageId.slice(0, at), phone: providerMessageId.slice(at + 1) };
}

function auth(credentials: SmsCredentials): Record<string, string> {
  const apikey = trimmed(credentials.apiKey);
  if (apikey) return { apikey };
  const login = trimmed(credentials.login);
  const psw = credentials.password;
  if (login && psw) return { login, psw };
  throw new SmsProviderError('missing_credentials', 'SMSC needs an API key, or login and password');
}

function errorOf(body: Record<string, unknown>): { code: number | undefined; text: string } | undefined {
  if (body.error === undefined && body.error_code === undefined) return undefined;
  return { code: toNumber(body.error_code), text: typeof body.error === 'string' ? body.error : '' };
}

function sendFailure(code: number | undefined, text: string): SendResult {
  const detail = `SMSC ${code ?? '?'}${text ? `: ${text}` : ''}`;
  switch (code) {
    case 2:
      return failed('provider_error', `bad_credentials (${detail})`);
    case 3:
      return failed('provider_error', `no_money (${detail})`);
    // The IP is blocked for a while after too many erroneous requests.
    case 4:
      return failed('rate_limited', detail, 60_000);
    // Forbidden by text or by sender name.
    case 6:
      return failed('provider_error', `message_forbidden (${detail})`);
    // Wrong number format; the number cannot be reached.
    case 7:
    case 8:
      return failed('invalid_recipient', detail);
    // The same send request more than once within a minute.
    case 9:
      return failed('rate_limited', detail, 60_000);
    // 1 parameters, 5 date format.
    default:
      return failed('provider_error', detail);
  }
}

// Waiting, handed to the operator (-1, 0); delivered (1); read or a link opened (2, 4); expired, cannot be
// delivered, wrong number, forbidden, no money, unavailable (3, 20, 22–25). -3 is "not registered yet".
const statusToAck = ackByCode({ server: [-1, 0], delivered: [1], read: [2, 4], failed: [3, 20, 22, 23, 24, 25] });

export function smscProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  async function call(path: string, params: Record<string, string | undefined>): Promise<Record<string, unknown>> {
    const reply = await httpRequest(o, {
      method: 'POST',
      url: `${o.baseUrl}${path}`,
      headers: FORM_HEADERS,
      body: formBody({ ...params, fmt: '3', charset: 'utf-8' }),
    });
    if (reply.status >= 400 || !isRecord(reply.json)) {
      throw new SmsProviderError(`http_${reply.status}`, `SMSC ${path}: unexpected reply (http ${reply.status})`);
    }
    return reply.json;
  }

  async function status(credentials: SmsCredentials, providerMessageId: string): Promise<SmsDeliveryStatus> {
    const { id, phone } = parseMessageId(providerMessageId);
    const body = await call('/sys/status.php', { ...auth(credentials), phone, id });
    const error = errorOf(body);
    if (error) throw new SmsProviderError(String(error.code ?? 'error'), `SMSC status: ${error.text}`);
    return statusToAck(toNumber(body.status));
  }

  return {
    key: 'smsc',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const clientId = smscClientId(input.idempotencyKey);
        const reply = await httpRequest(o, {
          method: 'POST',
          url: `${o.baseUrl}/sys/send.php`,
          headers: FORM_HEADERS,
          body: formBody({
            ...auth(credentials),
            phones: input.to,
            mes: input.text,
            sender: input.senderName ?? undefined,
            id: clientId,
            fmt: '3',
            charset: 'utf-8',
          }),
        });
        const byHttp = failureFromHttpStatus(reply);
        if (byHttp) return byHttp;
        const body = reply.json;
        if (!isRecord(body)) return failed('provider_error', `SMSC: unexpected reply (http ${reply.status})`);

        const error = errorOf(body);
        if (error?.code === 9) {
          // An identical request (same id) was taken within the last minute: if SMSC already has
          // the message, this is a resend after a lost reply, not a new message.
          const known = await status(credentials, smscMessageId(clientId, input.to)).catch(() => 'pending' as const);
          if (known !== 'pending') return { ok: true, providerMessageId: smscMessageId(clientId, input.to) };
        }
        if (error) return sendFailure(error.code, error.text);

        const id = toId(body.id) ?? clientId;
        return { ok: true, providerMessageId: smscMessageId(id, input.to) };
      }),

    status,

    async balance(credentials) {
      const body = await call('/sys/balance.php', auth(credentials));
      const error = errorOf(body);
      if (error) throw new SmsProviderError(String(error.code ?? 'error'), `SMSC balance: ${error.text}`);
      const balance = toNumber(body.balance);
      if (balance === undefined) throw new SmsProviderError('bad_reply', 'SMSC balance: no balance in the reply');
      return balance;
    },
  };
}
