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
} from '../sms-http.js';
import {
  SmsProviderError,
  type SmsCredentials,
  type SmsDeliveryStatus,
  type SmsProvider,
  type SmsProviderOptions,
} from '../sms-provider.js';

// Unisender API, its SMS methods (https://www.unisender.com/ru/support/integration/api/sendsms,
// …/api/check-sms, …/api/getuserinfo; error codes at https://selzy.com/en/support/api/common/api-errors/,
// Selzy being Unisender's international brand with the same API): https://api.unisender.com/ru/api/<method>
// with format=json and api_key, GET or POST (everything in the POST body here, so the key stays out of
// URLs; the documentation warns that a call passing parameters both ways fails).
//   sendSms      phone, sender, text → {"result": {"currency", "price", "sms_id"}}
//   checkSms     sms_id              → {"result": {"status": "ok_delivered" | …}}
//   getUserInfo                      → {"result": {"balance", "currency", …}}
// A refusal is {"error": "<text>", "code": "<code>", "result": ""} with HTTP 200.
//
// Unisender has no client message id, so a resend after a crash cannot be recognised by it.

const DEFAULT_BASE_URL = 'https://api.unisender.com/ru/api';

function apiKeyOf(credentials: SmsCredentials): string {
  return requiredApiKey(credentials, 'Unisender');
}

interface UnisenderError {
  code: string;
  text: string;
}

function errorOf(body: unknown): UnisenderError | undefined {
  if (!isRecord(body) || (body.error === undefined && body.code === undefined)) return undefined;
  return {
    code: typeof body.code === 'string' && body.code !== '' ? body.code : 'unspecified',
    text: typeof body.error === 'string' ? body.error : '',
  };
}

function sendFailure(error: UnisenderError): SendResult {
  const detail = `Unisender ${error.code}${error.text ? `: ${error.text}` : ''}`;
  switch (error.code) {
    case 'invalid_api_key':
    case 'access_denied':
      return failed('provider_error', `bad_credentials (${detail})`);
    case 'not_enough_money':
      return failed('provider_error', `no_money (${detail})`);
    case 'src_invalid':
      return failed('provider_error', `sender_not_approved (${detail})`);
    case 'dest_invalid':
      return failed('invalid_recipient', detail);
    // 1200 calls a minute per key or per IP.
    case 'api_call_limit_exceeded_for_api_key':
    case 'api_call_limit_exceeded_for_ip':
      return failed('rate_limited', detail, 60_000);
    // "Temporary failure. Try again later."
    case 'retry_later':
      return failed('rate_limited', detail);
    // unspecified, invalid_arg, unknown_method and anything new.
    default:
      return failed('provider_error', detail);
  }
}

// checkSms statuses: not_sent (waiting to be sent) and ok_sent (sent, delivery unknown yet) are on their
// way, ok_delivered is final. Unisender promises that any status starting with err_ is a failed
// delivery (err_src_invalid, err_dest_invalid, err_skip_letter, err_not_allowed, err_delivery_failed,
// err_lost, err_internal, and those to come), and that ok_ ones are in progress or delivered.
function statusToAck(status: string | undefined): SmsDeliveryStatus {
  if (status === undefined) return 'pending';
  const known: Readonly<Record<string, Ack>> = { not_sent: 'server', ok_sent: 'server', ok_delivered: 'delivered' };
  if (Object.hasOwn(known, status)) return known[status]!;
  if (status.startsWith('err_')) return 'failed';
  if (status.startsWith('ok_')) return 'server';
  return 'pending';
}

export function unisenderProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  function call(credentials: SmsCredentials, method: string, params: Record<string, string | undefined>) {
    return httpRequest(o, {
      method: 'POST',
      url: `${o.baseUrl}/${method}`,
      headers: FORM_HEADERS,
      body: formBody({ format: 'json', api_key: apiKeyOf(credentials), ...params }),
    });
  }

  async function result(credentials: SmsCredentials, method: string, params: Record<string, string>) {
    const reply: HttpReply = await call(credentials, method, params);
    const error = errorOf(reply.json);
    if (error) {
      const code = error.code === 'invalid_api_key' || error.code === 'access_denied' ? 'bad_credentials' : error.code;
      throw new SmsProviderError(code, `Unisender ${method}: ${error.text || error.code}`);
    }
    if (reply.status >= 400 || !isRecord(reply.json)) {
      throw new SmsProviderError(
        `http_${reply.status}`,
        `Unisender ${method}: unexpected reply (http ${reply.status})`,
      );
    }
    return reply.json.result;
  }

  return {
    key: 'unisender',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const reply = await call(credentials, 'sendSms', {
          phone: input.to,
          sender: input.senderName ?? undefined,
          text: input.text,
        });
        const error = errorOf(reply.json);
        // 429 and 5xx say more than their bodies; any other refusal is read from its code.
        if (error && reply.status !== 429 && reply.status < 500) return sendFailure(error);
        const byHttp = failureFromHttpStatus(reply);
        if (byHttp) return byHttp;
        const body = isRecord(reply.json) ? reply.json.result : undefined;
        // One phone gives an object; a list of phones gives a list of them.
        const entry = Array.isArray(body) ? body[0] : body;
        const id = isRecord(entry) ? toId(entry.sms_id) : undefined;
        return id
          ? { ok: true, providerMessageId: id }
          : failed('provider_error', `Unisender: no sms_id in the reply (http ${reply.status})`);
      }),

    async status(credentials, providerMessageId) {
      const body = await result(credentials, 'checkSms', { sms_id: providerMessageId });
      return statusToAck(isRecord(body) && typeof body.status === 'string' ? body.status : undefined);
    },

    async balance(credentials) {
      const body = await result(credentials, 'getUserInfo', {});
      const balance = isRecord(body) ? toNumber(body.balance) : undefined;
      if (balance === undefined)
        throw new SmsProviderError('bad_reply', 'Unisender getUserInfo: no balance in the reply');
      return balance;
    },
  };
}
