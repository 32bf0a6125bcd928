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
  trimmed,
  withQuery,
} from '../sms-http.js';
import { SmsProviderError, type SmsCredentials, type SmsProvider, type SmsProviderOptions } from '../sms-provider.js';

// SMSPILOT HTTP API-1 (https://smspilot.ru/apikey.php): one endpoint, smspilot.ru/api.php, GET, UTF-8,
// authorised by apikey; format=json for JSON replies. The parameter names the call:
//   send=<text>&to=<phone>[&from=<sender>]  → {"send": [{"server_id", "phone", "price", "status"}], "balance", "cost"}
//   check=<server_id>                       → {"check": [{"server_id", "phone", "status"}]}
//   balance=rur                             → the balance in roubles
// A refusal is {"error": {"code", "description", "description_ru"}} with HTTP 200. Message statuses:
// -2 error, -1 not delivered, 0 new (at SMSPILOT), 1 queued at the operator, 2 delivered, 3 deferred.
//
// SMSPILOT's API-1 has no client message id, so a resend after a crash cannot be recognised by it.
// Its callback-url reports need a public URL per branch; the driver polls check= instead.

const DEFAULT_BASE_URL = 'https://smspilot.ru';

function apikey(credentials: SmsCredentials): string {
  return requiredApiKey(credentials, 'SMSPILOT');
}

interface PilotError {
  code: number | undefined;
  description: string;
}

function errorOf(body: unknown): PilotError | undefined {
  const error = field(body, 'error');
  if (!isRecord(error)) return undefined;
  const description = [error.description_ru, error.description].find((d) => typeof d === 'string' && d !== '');
  return { code: toNumber(error.code), description: typeof description === 'string' ? description : '' };
}

function sendFailure(error: PilotError, english: string): SendResult {
  const detail = `SMSPILOT ${error.code ?? '?'}${error.description ? `: ${error.description}` : ''}`;
  switch (error.code) {
    // The API key is wrong; the user is not found.
    case 101:
    case 400:
      return failed('provider_error', `bad_credentials (${detail})`);
    // The account is blocked for a low balance.
    case 105:
      return failed('provider_error', `no_money (${detail})`);
    // Blocked for spam or errors, for unverified details, or while a dispute is settled.
    case 106:
    case 107:
    case 122:
      return failed('provider_error', `account_blocked (${detail})`);
    default:
      break;
  }
  // The other codes are read by their English description, which the API always sends.
  const words = `${english} ${error.description}`;
  if (/money|balance|credit|средств|баланс/i.test(words)) return failed('provider_error', `no_money (${detail})`);
  if (/sender|\bfrom\b|отправител/i.test(words)) return failed('provider_error', `sender_not_approved (${detail})`);
  if (/phone|\bto\b|номер|телефон/i.test(words)) return failed('invalid_recipient', detail);
  if (/limit|too many|too often|лимит|часто/i.test(words)) return failed('rate_limited', detail);
  return failed('provider_error', detail);
}

// New at SMSPILOT, queued at the operator, deferred (0, 1, 3); delivered (2); an error or not
// delivered (-2, -1).
const statusToAck = ackByCode({ server: [0, 1, 3], delivered: [2], failed: [-2, -1] });

export function smspilotProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  function call(credentials: SmsCredentials, params: Record<string, string | undefined>): Promise<HttpReply> {
    return httpRequest(o, {
      method: 'GET',
      url: withQuery(`${o.baseUrl}/api.php`, { ...params, apikey: apikey(credentials), format: 'json' }),
    });
  }

  function ensureOk(reply: HttpReply, what: string): unknown {
    const error = errorOf(reply.json);
    if (error) {
      const code = error.code === 101 || error.code === 400 ? 'bad_credentials' : String(error.code ?? 'error');
      throw new SmsProviderError(code, `SMSPILOT ${what}: ${error.description}`);
    }
    if (reply.status >= 400) {
      throw new SmsProviderError(`http_${reply.status}`, `SMSPILOT ${what}: unexpected reply (http ${reply.status})`);
    }
    return reply.json;
  }

  return {
    key: 'smspilot',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const reply = await call(credentials, {
          send: input.text,
          to: input.to,
          from: trimmed(input.senderName),
        });
        const byHttp = failureFromHttpStatus(reply);
        if (byHttp) return byHttp;
        const error = errorOf(reply.json);
        if (error) {
          const english = field(reply.json, 'error', 'description');
          return sendFailure(error, typeof english === 'string' ? english : '');
        }
        const sent = field(reply.json, 'send');
        const entry = Array.isArray(sent) ? (sent[0] as unknown) : undefined;
        const id = isRecord(entry) ? toId(entry.server_id) : undefined;
        return id
          ? { ok: true, providerMessageId: id }
          : failed('provider_error', 'SMSPILOT: no server_id in the reply');
      }),

    async status(credentials, providerMessageId) {
      const body = ensureOk(await call(credentials, { check: providerMessageId }), 'check');
      const checked = field(body, 'check');
      const entries = Array.isArray(checked) ? (checked as unknown[]) : [];
      const entry =
        entries.find((e) => isRecord(e) && toId(e.server_id) === providerMessageId) ??
        (entries.length === 1 ? entries[0] : undefined);
      return isRecord(entry) ? statusToAck(toNumber(entry.status)) : 'pending';
    },

    async balance(credentials) {
      const reply = await call(credentials, { balance: 'rur' });
      const body = ensureOk(reply, 'balance');
      // {"balance": "20006.97"}, or the bare figure a plain-text reply carries.
      const balance = toNumber(isRecord(body) ? body.balance : body) ?? toNumber(reply.text);
      if (balance === undefined) throw new SmsProviderError('bad_reply', 'SMSPILOT balance: no balance in the reply');
      return balance;
    },
  };
}
