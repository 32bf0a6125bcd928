import type { Ack, SendResult } from '../../../channel.js';
import {
  FORM_HEADERS,
  failed,
  failureFromHttpStatus,
  formBody,
  httpRequest,
  isRecord,
  reportParams,
  resolveOptions,
  sendGuarded,
  toId,
  toNumber,
  trimmed,
  type ResolvedOptions,
} from '../sms-http.js';
import {
  SmsProviderError,
  type SmsCredentials,
  type SmsDeliveryStatus,
  type SmsProvider,
  type SmsProviderOptions,
} from '../sms-provider.js';

// Vonage (formerly Nexmo) SMS API, a thin adapter over its documented HTTP API rather than its SDK:
// the current @vonage/server-sdk (3.30) and @vonage/sms (1.24) declare engines node >= 22, and this
// server runs on Node 20.
//
// Send: POST https://rest.nexmo.com/sms/json, form fields api_key, api_secret, from, to, text, type
// (https://developer.vonage.com/en/api/sms: type=text for the GSM-7 tables, unicode otherwise). The
// reply lists one entry per message part, each with a status ("0" accepted) and message-id; the non-zero
// statuses are listed at https://developer.vonage.com/en/messaging/sms/guides/troubleshooting-sms and
// https://developer.vonage.com/en/api-errors/sms.
// Balance: GET https://rest.nexmo.com/account/get-balance with Basic api_key:api_secret, reply
// {"value": 10.28, "autoReload": false} (https://developer.vonage.com/en/account/code-snippets/account-balance).
// Delivery receipts: Vonage posts them to the account's delivery-receipt webhook (the Dashboard setting,
// or the per-message `callback` field of the same API reference, which the report URL is sent as), by
// GET query, form or JSON as the Dashboard says: messageId, status, err-code, client-ref, …
// (https://developer.vonage.com/en/messaging/sms/guides/delivery-receipts; the statuses accepted and
// buffered are intermediate, delivered, expired, failed and rejected final, per
// https://api.support.vonage.com/hc/en-us/articles/115007053127). The SMS API offers no call to ask for
// a receipt, so status() answers 'pending' without calling Vonage: without a report URL (or a Dashboard
// webhook pointing at it) a message stays at 'server'.
//
// The idempotency key goes as client-ref (echoed in the reply and in receipts); Vonage does not
// deduplicate on it, so a resend after a crash cannot be recognised.

const DEFAULT_BASE_URL = 'https://rest.nexmo.com';
const CLIENT_REF_MAX = 40;

// GSM 03.38 default alphabet and its extension table; anything else needs type=unicode (UCS-2).
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà\f^{}\\[~]|€',
);

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM7.has(ch)) return false;
  return true;
}

function sendFailure(code: number | undefined, errorText: string): SendResult {
  const detail = `Vonage ${code ?? '?'}${errorText ? `: ${errorText}` : ''}`;
  switch (code) {
    // Throttled; too many simultaneous binds.
    case 1:
    case 10:
      return failed('rate_limited', detail);
    // Invalid credentials; invalid signature; signature and secret both given.
    case 4:
    case 14:
    case 32:
      return failed('provider_error', `bad_credentials (${detail})`);
    // Partner quota violation: not enough credit.
    case 9:
      return failed('provider_error', `no_money (${detail})`);
    // Non-authorised sender ID in from.
    case 15:
      return failed('provider_error', `sender_not_approved (${detail})`);
    // Unroutable number (e.g. unknown prefix); barred number; number de-activated.
    case 6:
    case 7:
    case 33:
      return failed('invalid_recipient', detail);
    default:
      return failed('provider_error', detail);
  }
}

const ACK_BY_RECEIPT: Readonly<Record<string, Ack>> = {
  accepted: 'server',
  buffered: 'server',
  delivered: 'delivered',
  expired: 'failed',
  failed: 'failed',
  rejected: 'failed',
};

// 'unknown' and anything new say nothing of the message yet.
export function vonageReceiptToAck(status: unknown): SmsDeliveryStatus {
  const key = typeof status === 'string' ? status.toLowerCase() : '';
  return Object.hasOwn(ACK_BY_RECEIPT, key) ? ACK_BY_RECEIPT[key]! : 'pending';
}

function keyAndSecret(credentials: SmsCredentials): { key: string; secret: string } {
  const key = trimmed(credentials.apiKey);
  const secret = trimmed(credentials.password);
  if (!key || !secret) throw new SmsProviderError('missing_credentials', 'Vonage needs the API key and API secret');
  return { key, secret };
}

export function vonageProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  return {
    key: 'vonage',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const { key, secret } = keyAndSecret(credentials);
        const from = trimmed(input.senderName);
        if (!from) return failed('provider_error', 'missing_sender: Vonage needs a sender ID or number');
        const reply = await httpRequest(o, {
          method: 'POST',
          url: `${o.baseUrl}/sms/json`,
          headers: FORM_HEADERS,
          body: formBody({
            api_key: key,
            api_secret: secret,
            from,
            to: input.to,
            text: input.text,
            type: isGsm7(input.text) ? 'text' : 'unicode',
            'client-ref': input.idempotencyKey.slice(0, CLIENT_REF_MAX),
            callback: input.reportUrl ?? undefined,
          }),
        });
        const byHttp = failureFromHttpStatus(reply);
        if (byHttp) return byHttp;
        const parts = isRecord(reply.json) && Array.isArray(reply.json.messages) ? reply.json.messages : [];
        if (reply.status >= 400 || parts.length === 0) {
          return failed('provider_error', `Vonage: unexpected reply (http ${reply.status})`);
        }
        // A long text is sent as several parts; the message counts as sent only when every part was.
        for (const part of parts) {
          const status = isRecord(part) ? toNumber(part.status) : undefined;
          if (status !== 0) {
            const text = isRecord(part) && typeof part['error-text'] === 'string' ? part['error-text'] : '';
            return sendFailure(status, text);
          }
        }
        const first: unknown = parts[0];
        const id = isRecord(first) ? toId(first['message-id']) : undefined;
        return id
          ? { ok: true, providerMessageId: id }
          : failed('provider_error', 'Vonage: no message-id in the reply');
      }),

    async status(credentials) {
      // Receipts are pushed to a webhook only (see above): nothing to ask, so not known yet.
      keyAndSecret(credentials);
      return 'pending';
    },

    parseReport(input) {
      const p = reportParams(input);
      const id = toId(p.messageId);
      // A long text's parts each get a receipt under their own id; the first part's is the message's.
      return id && p.status !== undefined ? [{ providerMessageId: id, status: vonageReceiptToAck(p.status) }] : [];
    },

    async balance(credentials) {
      const { key, secret } = keyAndSecret(credentials);
      const reply = await httpRequest(o, {
        method: 'GET',
        url: `${o.baseUrl}/account/get-balance`,
        headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`, 'utf8').toString('base64')}` },
      });
      if (reply.status === 401 || reply.status === 403) {
        throw new SmsProviderError('bad_credentials', `Vonage balance: credentials refused (http ${reply.status})`);
      }
      const value = reply.status < 400 && isRecord(reply.json) ? toNumber(reply.json.value) : undefined;
      if (value === undefined) {
        throw new SmsProviderError(
          `http_${reply.status}`,
          `Vonage balance: no value in the reply (http ${reply.status})`,
        );
      }
      return value;
    },
  };
}
