import type { SendResult } from '../../../channel.js';
import {
  failed,
  failureFromHttpStatus,
  field,
  formBody,
  FORM_HEADERS,
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

// SMS-Prosto API (https://sms-prosto.ru/api/dokumentatsiya-api/): one endpoint, GET or POST, UTF-8,
// `method` names the call (push_msg, get_msg_report, get_profile), format=json, authorised by
// key=… or email=…&password=…. Every reply is
// {"response": {"msg": {"err_code": "0", "text": "…", "type": "message|notice|error"}, "data": {…}}}.
//
// The platform answers on http://api.sms-prosto.ru and, over TLS, on https://ssl.bs00.ru; the TLS
// host is the default so the key or password never travels in clear.
//
// external_id is the client's id of the message; SMS-Prosto does not check it for uniqueness, so it
// only ties reports back to the outbox row and does not stop a resend after a crash.

const DEFAULT_BASE_URL = 'https://ssl.bs00.ru';

function auth(credentials: SmsCredentials): Record<string, string> {
  const key = trimmed(credentials.apiKey);
  if (key) return { key };
  const email = trimmed(credentials.login);
  const password = credentials.password;
  if (email && password) return { email, password };
  throw new SmsProviderError('missing_credentials', 'SMS-Prosto needs an API key, or e-mail and password');
}

interface ProstoReply {
  errCode: number;
  text: string;
  data: unknown;
}

function parse(reply: HttpReply, method: string): ProstoReply {
  const msg = field(reply.json, 'response', 'msg');
  const errCode = toNumber(field(msg, 'err_code'));
  if (reply.status >= 400 || errCode === undefined) {
    throw new SmsProviderError(`http_${reply.status}`, `SMS-Prosto ${method}: unexpected reply (http ${reply.status})`);
  }
  const text = field(msg, 'text');
  return { errCode, text: typeof text === 'string' ? text : '', data: field(reply.json, 'response', 'data') };
}

// The public documentation lists the error codes only on a page we could not read in full, so the
// kind of refusal is taken from the message text (Russian), and the code is kept in the detail.
function sendFailure(reply: ProstoReply): SendResult {
  const detail = `SMS-Prosto ${reply.errCode}${reply.text ? `: ${reply.text}` : ''}`;
  const t = reply.text;
  if (/баланс|средств|кредит|balance|credit/i.test(t)) return failed('provider_error', `no_money (${detail})`);
  if (/ключ|парол|логин|авториз|e-?mail|api.?key|password|auth/i.test(t)) {
    return failed('provider_error', `bad_credentials (${detail})`);
  }
  if (/отправител|sender/i.test(t)) return failed('provider_error', `sender_not_approved (${detail})`);
  if (/част|лимит|слишком много|limit|too many/i.test(t)) return failed('rate_limited', detail);
  if (/телефон|номер|phone|number/i.test(t)) return failed('invalid_recipient', detail);
  return failed('provider_error', detail);
}

// Sent, queued at the operator's SMS centre, handed to it (0, 4, 8); delivered (1); not delivered or not
// accepted by the SMS centre (2, 16).
const stateToAck = ackByCode({ server: [0, 4, 8], delivered: [1], failed: [2, 16] });

export function smsProstoProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  function call(credentials: SmsCredentials, method: string, params: Record<string, string | undefined>) {
    return httpRequest(o, {
      method: 'POST',
      url: `${o.baseUrl}/`,
      headers: FORM_HEADERS,
      body: formBody({ method, format: 'json', ...auth(credentials), ...params }),
    });
  }

  async function data(credentials: SmsCredentials, method: string, params: Record<string, string | undefined>) {
    const reply = parse(await call(credentials, method, params), method);
    if (reply.errCode !== 0) throw new SmsProviderError(String(reply.errCode), `SMS-Prosto ${method}: ${reply.text}`);
    return reply.data;
  }

  return {
    key: 'smsprosto',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const raw = await call(credentials, 'push_msg', {
          phone: input.to,
          text: input.text,
          sender_name: input.senderName ?? undefined,
          external_id: input.idempotencyKey,
        });
        const byHttp = failureFromHttpStatus(raw);
        if (byHttp) return byHttp;
        const reply = parse(raw, 'push_msg');
        if (reply.errCode !== 0) return sendFailure(reply);
        const id = isRecord(reply.data) ? toId(reply.data.id) : undefined;
        return id ? { ok: true, providerMessageId: id } : failed('provider_error', 'SMS-Prosto: no id in the reply');
      }),

    async status(credentials, providerMessageId) {
      const report = await data(credentials, 'get_msg_report', { id: providerMessageId });
      return stateToAck(isRecord(report) ? toNumber(report.state) : undefined);
    },

    async balance(credentials) {
      const profile = await data(credentials, 'get_profile', {});
      const credits = isRecord(profile) ? toNumber(profile.credits) : undefined;
      if (credits === undefined)
        throw new SmsProviderError('bad_reply', 'SMS-Prosto get_profile: no credits in the reply');
      return credits;
    },
  };
}
