import type { SendResult } from '../../../channel.js';
import {
  ackByCode,
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
  withQuery,
  type ResolvedOptions,
} from '../sms-http.js';
import { SmsProviderError, type SmsCredentials, type SmsProvider, type SmsProviderOptions } from '../sms-provider.js';

// GREENSMS REST API (https://api.greensms.ru/, as its official SDK github.com/greensms-io/greensms-node
// speaks it): https://api3.greensms.ru/<module>/<method>. Authorised either by a token in
// "Authorization: Bearer …" or by user=…&pass=… among the parameters.
//   POST /sms/send     to, txt, from      → {"request_id": "<uuid>"}
//   GET  /sms/status   id (the uuid)      → {"time": "…", "status": "Delivery success", "status_code": 1}
//   GET  /account/balance                 → {"balance": 123.45}
// A refusal is {"error": "<text>", "code": N} (0 authorization declined, -1 insufficient funds,
// 1 missing parameter, 2 invalid parameter — with the failing fields in "params", 404 not found).
//
// GREENSMS has no client message id (its `tag` only groups messages for reports), so a resend after
// a crash cannot be recognised by it. The official Node SDK is not used: it pulls axios, yup, humps,
// qs and urijs for what is three form requests here.

const DEFAULT_BASE_URL = 'https://api3.greensms.ru';

interface Auth {
  headers: Record<string, string>;
  params: Record<string, string>;
}

function auth(credentials: SmsCredentials): Auth {
  const token = trimmed(credentials.apiKey);
  if (token) return { headers: { authorization: `Bearer ${token}` }, params: {} };
  const user = trimmed(credentials.login);
  const pass = credentials.password;
  if (user && pass) return { headers: {}, params: { user, pass } };
  throw new SmsProviderError('missing_credentials', 'GREENSMS needs an API token, or login and password');
}

interface GreenError {
  code: number | undefined;
  text: string;
  // The field names a validation refusal names in "params" (an object by field or a list of entries).
  fields: string[];
}

function errorOf(body: unknown): GreenError | undefined {
  if (!isRecord(body) || body.error === undefined) return undefined;
  const text = typeof body.error === 'string' ? body.error : JSON.stringify(body.error);
  return { code: toNumber(body.code), text, fields: fieldsOf(body.params) };
}

function fieldsOf(params: unknown): string[] {
  if (isRecord(params)) return Object.keys(params);
  if (!Array.isArray(params)) return [];
  return params.flatMap((p): string[] => {
    if (typeof p === 'string') return [p];
    if (!isRecord(p)) return [];
    const name = p.path ?? p.field ?? p.param ?? p.name;
    return typeof name === 'string' ? [name] : [];
  });
}

function sendFailure(error: GreenError): SendResult {
  const detail = `GREENSMS ${error.code ?? '?'}: ${error.text}${error.fields.length > 0 ? ` (${error.fields.join(', ')})` : ''}`;
  const t = error.text;
  if (error.code === 0 || /auth|token|password|авториз|логин|парол/i.test(t)) {
    return failed('provider_error', `bad_credentials (${detail})`);
  }
  if (error.code === -1 || /insufficient funds|balance|недостаточно|баланс/i.test(t)) {
    return failed('provider_error', `no_money (${detail})`);
  }
  if (/too many|limit|слишком много/i.test(t)) return failed('rate_limited', detail);
  if (error.fields.includes('from') || /sender|from|отправител/i.test(t)) {
    return failed('provider_error', `sender_not_approved (${detail})`);
  }
  if (error.fields.includes('to') || /phone|number|номер|телефон/i.test(t)) return failed('invalid_recipient', detail);
  return failed('provider_error', detail);
}

// Status codes of /sms/status: 0 "Status not ready", 1 "Delivery success", 2 "Delivery failure",
// 4 "Message buffered", 8 "Delivery accepted", 16 "Delivery rejected", 34 "Status request expired".
// 0 and 34 say nothing of the message itself, so they stay 'pending' (the poll gives up on old ones).
const statusToAck = ackByCode({ server: [4, 8], delivered: [1], failed: [2, 16] });

// The status_code read from the documented text when a reply carries only the text.
const STATUS_TEXTS: Record<string, number> = {
  'status not ready': 0,
  'delivery success': 1,
  'delivery failure': 2,
  'message buffered': 4,
  'delivery accepted': 8,
  'delivery rejected': 16,
  'status request expired': 34,
};

export function greenSmsProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  async function get(credentials: SmsCredentials, path: string, params: Record<string, string>) {
    const a = auth(credentials);
    const reply = await httpRequest(o, {
      method: 'GET',
      url: withQuery(`${o.baseUrl}${path}`, { ...a.params, ...params }),
      headers: a.headers,
    });
    const error = errorOf(reply.json);
    if (error) {
      const code = error.code === 0 ? 'bad_credentials' : String(error.code ?? 'error');
      throw new SmsProviderError(code, `GREENSMS ${path}: ${error.text}`);
    }
    if (reply.status >= 400 || !isRecord(reply.json)) {
      throw new SmsProviderError(`http_${reply.status}`, `GREENSMS ${path}: unexpected reply (http ${reply.status})`);
    }
    return reply.json;
  }

  return {
    key: 'greensms',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const a = auth(credentials);
        const reply = await httpRequest(o, {
          method: 'POST',
          url: `${o.baseUrl}/sms/send`,
          headers: { ...FORM_HEADERS, ...a.headers },
          body: formBody({ ...a.params, to: input.to, txt: input.text, from: input.senderName ?? undefined }),
        });
        const error = errorOf(reply.json);
        // 429 and 5xx say more than their bodies; any other refusal is read from its code.
        if (error && reply.status !== 429 && reply.status < 500) return sendFailure(error);
        const byHttp = failureFromHttpStatus(reply);
        if (byHttp) return byHttp;
        const id = isRecord(reply.json) ? toId(reply.json.request_id) : undefined;
        return id
          ? { ok: true, providerMessageId: id }
          : failed('provider_error', `GREENSMS: no request_id in the reply (http ${reply.status})`);
      }),

    async status(credentials, providerMessageId) {
      let body: Record<string, unknown>;
      try {
        body = await get(credentials, '/sms/status', { id: providerMessageId });
      } catch (err) {
        // Not known (yet): the report is asked again on the next poll.
        if (err instanceof SmsProviderError && err.code === '404') return 'pending';
        throw err;
      }
      const text = typeof body.status === 'string' ? STATUS_TEXTS[body.status.trim().toLowerCase()] : undefined;
      return statusToAck(toNumber(body.status_code) ?? text);
    },

    async balance(credentials) {
      const balance = toNumber((await get(credentials, '/account/balance', {})).balance);
      if (balance === undefined) throw new SmsProviderError('bad_reply', 'GREENSMS balance: no balance in the reply');
      return balance;
    },
  };
}
