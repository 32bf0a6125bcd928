import twilio from 'twilio';
import type * as TwilioHttp from 'twilio/lib/http/response.js';
import type { SendResult } from '../../../channel.js';
import {
  failed,
  httpRequest,
  reportParams,
  resolveOptions,
  sendGuarded,
  toId,
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

// Twilio Programmable Messaging through Twilio's maintained Node client (`twilio`), following the
// Message resource (https://www.twilio.com/docs/messaging/api/message-resource): POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json to send, GET …/Messages/{Sid}.json for the status,
// and GET …/Balance.json for the balance; HTTP Basic auth "AccountSid:AuthToken". Refusals carry
// Twilio error codes (https://www.twilio.com/docs/api/errors), read from the client's RestException.
//
// The client builds every request (paths, form fields, auth) and parses every reply; only its
// transport is ours: the client accepts a custom `httpClient` (a RequestClient), and ours sends through
// the shared httpRequest, so the adapter honours SmsProviderOptions like the others (baseUrl instead of
// https://api.twilio.com, an injected fetch, the timeout) and sees Retry-After on a 429.
//
// Twilio's Messages API has no client message id, so a resend after a crash cannot be recognised by it.
// Delivery reports: with a report URL the message is created with StatusCallback, and Twilio posts each
// status change there as a form (MessageSid, MessageStatus, …;
// https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks); without one
// the SMS driver polls the Message resource.

const DEFAULT_BASE_URL = 'https://api.twilio.com';
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i;

type RequestOptions = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0];

// Sends the client's requests through httpRequest; one instance per call, so the Retry-After of its
// last reply belongs to that call alone.
class ForwardingRequestClient extends twilio.RequestClient {
  retryAfterMs: number | undefined;

  constructor(private readonly o: ResolvedOptions) {
    super({ timeout: o.timeoutMs });
  }

  override async request<TData>(opts: RequestOptions): Promise<TwilioHttp.default<TData>> {
    // The client addresses https://api.twilio.com (or a regional host); the path is what counts.
    const target = new URL(opts.uri);
    const query = toForm(opts.params);
    const url = `${this.o.baseUrl}${target.pathname}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { ...opts.headers };
    delete headers.Connection;
    if (opts.username && opts.password) {
      headers.Authorization = `Basic ${Buffer.from(`${opts.username}:${opts.password}`, 'utf8').toString('base64')}`;
    }
    const method = opts.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new SmsProviderError('unsupported', `Twilio ${method}`);
    const reply: HttpReply = await httpRequest(this.o, {
      method,
      url,
      headers,
      body: method === 'POST' ? toForm(opts.data) : undefined,
    });
    this.retryAfterMs = reply.retryAfterMs;
    return { statusCode: reply.status, body: reply.text as TData, headers: {} } as TwilioHttp.default<TData>;
  }
}

// Twilio's form encoding: flat fields, arrays as repeated keys.
function toForm(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, String(v));
  }
  return form.toString();
}

interface TwilioError {
  status: number | undefined;
  code: number | undefined;
  message: string;
}

// RestException (and the RFC 9457 TwilioServiceException) carry status, code and message.
function readError(err: unknown): TwilioError | undefined {
  if (err instanceof SmsProviderError || !(err instanceof Error)) return undefined;
  const e = err as Error & { status?: unknown; code?: unknown };
  if (typeof e.status !== 'number') return undefined;
  return { status: e.status, code: typeof e.code === 'number' ? e.code : undefined, message: e.message };
}

function sendFailure(error: TwilioError, retryAfterMs: number | undefined): SendResult {
  const detail = `Twilio ${error.code ?? `http ${error.status}`}: ${error.message}`;
  switch (error.code) {
    // Authenticate; account not active or suspended.
    case 20003:
      return failed('provider_error', `bad_credentials (${detail})`);
    case 20005:
    case 10001:
      return failed('provider_error', `account_inactive (${detail})`);
    // Too many requests; the account's or the sender's queue is full.
    case 20429:
    case 14107:
    case 21611:
      return failed('rate_limited', detail, retryAfterMs);
    // Invalid 'To'; not a valid phone number; a short code; cannot route; not a mobile number; the
    // recipient replied STOP (unsubscribed).
    case 21211:
    case 21217:
    case 21265:
    case 21612:
    case 21614:
    case 21610:
      return failed('invalid_recipient', detail);
    // 'From' invalid, missing, not SMS-capable for this account, or not a Twilio number.
    case 21212:
    case 21603:
    case 21606:
    case 21659:
    case 21660:
      return failed('provider_error', `sender_not_approved (${detail})`);
    default:
      if (error.status === 429) return failed('rate_limited', detail, retryAfterMs);
      if (error.status === 401 || error.status === 403) return failed('provider_error', `bad_credentials (${detail})`);
      return failed('provider_error', detail);
  }
}

function statusError(err: unknown, what: string): SmsProviderError {
  if (err instanceof SmsProviderError) return err;
  const e = readError(err);
  if (!e)
    return new SmsProviderError('bad_reply', `Twilio ${what}: ${err instanceof Error ? err.message : String(err)}`);
  const code = e.code === 20003 || e.status === 401 ? 'bad_credentials' : String(e.code ?? `http_${e.status}`);
  return new SmsProviderError(code, `Twilio ${what}: ${e.message}`);
}

// queued/accepted/scheduled/sending/sent: with Twilio or handed to the carrier; delivered; read (RCS,
// WhatsApp); failed, undelivered, canceled. partially_delivered is final and reached the handset in part.
const ACK_BY_STATUS: Readonly<Record<string, SmsDeliveryStatus>> = {
  accepted: 'server',
  scheduled: 'server',
  queued: 'server',
  sending: 'server',
  sent: 'server',
  delivered: 'delivered',
  partially_delivered: 'delivered',
  read: 'read',
  failed: 'failed',
  undelivered: 'failed',
  canceled: 'failed',
};

// Twilio wants E.164 numbers; the driver passes international digits.
function e164(digits: string): string {
  return digits.startsWith('+') ? digits : `+${digits}`;
}

// The stored sender: a Messaging Service SID (MG…), a Twilio number, or an alphanumeric sender ID.
function sender(senderName: string | null): { from: string } | { messagingServiceSid: string } {
  const value = trimmed(senderName);
  if (!value) throw new SmsProviderError('missing_sender', 'Twilio needs a sender: a Twilio number or MG… service');
  if (MESSAGING_SERVICE_SID.test(value)) return { messagingServiceSid: value };
  const digits = value.replace(/[\s()-]/g, '');
  return /^\+?\d+$/.test(digits) ? { from: e164(digits) } : { from: value };
}

export function twilioProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  // Account SID as the login, Auth Token as the password (the contract's mapping).
  function client(credentials: SmsCredentials) {
    const sid = trimmed(credentials.login);
    const token = trimmed(credentials.password);
    if (!sid || !token)
      throw new SmsProviderError('missing_credentials', 'Twilio needs the Account SID and Auth Token');
    if (!sid.startsWith('AC')) throw new SmsProviderError('bad_credentials', 'Twilio Account SID must start with AC');
    const http = new ForwardingRequestClient(o);
    // env: {} keeps TWILIO_* variables of the process out of a branch's client.
    return { api: twilio(sid, token, { httpClient: http, env: {}, autoRetry: false }), http };
  }

  return {
    key: 'twilio',

    send: (credentials, input) =>
      sendGuarded(async () => {
        let c: ReturnType<typeof client>;
        try {
          c = client(credentials);
        } catch (err) {
          if (err instanceof SmsProviderError && err.code === 'bad_credentials') {
            return failed('provider_error', `bad_credentials (${err.message})`);
          }
          throw err;
        }
        try {
          const message = await c.api.messages.create({
            to: e164(input.to),
            body: input.text,
            ...sender(input.senderName),
            ...(input.reportUrl ? { statusCallback: input.reportUrl } : {}),
          });
          return message.sid
            ? { ok: true, providerMessageId: message.sid }
            : failed('provider_error', 'Twilio: no sid in the reply');
        } catch (err) {
          const e = readError(err);
          if (e) return sendFailure(e, c.http.retryAfterMs);
          if (err instanceof SyntaxError) return failed('provider_error', 'Twilio: unexpected reply');
          throw err;
        }
      }),

    async status(credentials, providerMessageId) {
      const c = client(credentials);
      try {
        const message = await c.api.messages(providerMessageId).fetch();
        return ACK_BY_STATUS[message.status] ?? 'pending';
      } catch (err) {
        // 20404: Twilio does not know this SID (yet).
        if (readError(err)?.code === 20404) return 'pending';
        throw statusError(err, 'status');
      }
    },

    parseReport(input) {
      const p = reportParams(input);
      // SmsSid and SmsStatus are the older names Twilio still sends beside the new ones.
      const sid = toId(p.MessageSid) ?? toId(p.SmsSid);
      const status = typeof p.MessageStatus === 'string' ? p.MessageStatus : p.SmsStatus;
      if (!sid || typeof status !== 'string') return [];
      return [{ providerMessageId: sid, status: ACK_BY_STATUS[status] ?? 'pending' }];
    },

    async balance(credentials) {
      const c = client(credentials);
      let balance: string | undefined;
      try {
        balance = (await c.api.balance.fetch()).balance;
      } catch (err) {
        throw statusError(err, 'balance');
      }
      const value = Number(balance);
      if (balance === undefined || balance === null || balance === '' || !Number.isFinite(value)) {
        throw new SmsProviderError('bad_reply', 'Twilio balance: no balance in the reply');
      }
      return value;
    },
  };
}
