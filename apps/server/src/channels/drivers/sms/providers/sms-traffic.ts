import type { SendResult } from '../../../channel.js';
import {
  failed,
  formBody,
  FORM_HEADERS,
  httpRequest,
  resolveOptions,
  sendGuarded,
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

// SMS Traffic HTTP(S) API, as its "SMS Traffic API" technical description (v1.85, linked from
// https://www.smstraffic.ru/api) documents it: one script, POST https://api.smstraffic.ru/multi.php
// (form-encoded), authorised by login+password in the body. A send takes phones, message,
// originator, rus=5 (the text is UTF-8) and want_sms_ids=1 (reply with the message ids);
// operation=status&sms_id=… reads a delivery report, operation=account the balance. Every reply is
// a small XML document: <reply><result>OK|ERROR</result><code>N</code><description>…</description>…
// with HTTP 200, the error codes in its "Error codes for SMS Traffic HTTP(S) API" table (401–442,
// 501–502, 1000). Code 1000 is a temporary fault the document says to repeat on the reserve host
// api2.smstraffic.ru, which this adapter does for the default hosts.
//
// SMS Traffic has no client message id for an ordinary send (push_id only labels individual
// messages and is not checked for uniqueness), so a resend after a crash cannot be recognised by it.

const DEFAULT_BASE_URL = 'https://api.smstraffic.ru';
const DEFAULT_FAILOVER_BASE_URL = 'https://api2.smstraffic.ru';
const SCRIPT = '/multi.php';

export interface SmsTrafficOptions extends SmsProviderOptions {
  // The reserve host tried when the main one reports a temporary fault (code 1000, HTTP 5xx) or,
  // for status and balance, cannot be reached. Defaults to api2 only when baseUrl is the default.
  failoverBaseUrl?: string;
}

// The replies are flat enough that a tag reader is all that is needed: the first <tag>…</tag> in
// the given XML fragment, entities decoded.
function tag(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>|<${name}\\s*/>`).exec(xml);
  if (!match) return undefined;
  return (match[1] ?? '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

function blocks(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1] ?? '');
}

interface TrafficReply {
  ok: boolean;
  code: number | undefined;
  description: string;
  xml: string;
}

function parse(reply: HttpReply): TrafficReply | undefined {
  if (reply.status >= 400 || !/<reply[\s>]/.test(reply.text)) return undefined;
  const result = tag(reply.text, 'result');
  const code = tag(reply.text, 'code');
  return {
    // Status and balance replies carry no <result>; an error in them does.
    ok: result === undefined || result === 'OK',
    code: code === undefined || code === '' ? undefined : Number(code),
    description: tag(reply.text, 'description') ?? '',
    xml: reply.text,
  };
}

function sendFailure(code: number | undefined, description: string): SendResult {
  const detail = `SMS Traffic ${code ?? '?'}${description ? `: ${description}` : ''}`;
  switch (code) {
    // login / password missing, authentication failed, wrong IP.
    case 401:
    case 402:
    case 411:
    case 412:
      return failed('provider_error', `bad_credentials (${detail})`);
    case 415:
      return failed('provider_error', `no_money (${detail})`);
    // Originator too long or forbidden.
    case 421:
    case 436:
      return failed('provider_error', `sender_not_approved (${detail})`);
    // Phone too short, too long, wrong length or format, unsupported, invalid, no subscription, blocked.
    case 425:
    case 426:
    case 427:
    case 428:
    case 429:
    case 430:
    case 431:
    case 432:
      return failed('invalid_recipient', detail);
    // A temporary internal fault: repeat later.
    case 1000:
      return failed('provider_error', `temporary (${detail})`);
    default:
      return failed('provider_error', detail);
  }
}

// Blank (no report yet) and "Buffered SMSC" are on the way; the rest are final.
function statusToAck(status: string | undefined): SmsDeliveryStatus {
  switch ((status ?? '').toLowerCase()) {
    case 'buffered smsc':
      return 'server';
    case 'delivered':
      return 'delivered';
    case 'non delivered':
    case 'rejected':
    case 'expired':
    case 'deleted':
    case 'unknown status':
      return 'failed';
    default:
      return 'pending';
  }
}

export function smsTrafficProvider(options?: SmsTrafficOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);
  const failoverBase =
    options?.failoverBaseUrl?.replace(/\/+$/, '') ??
    (options?.baseUrl === undefined ? DEFAULT_FAILOVER_BASE_URL : undefined);

  function auth(credentials: SmsCredentials): { login: string; password: string } {
    const login = trimmed(credentials.login);
    const password = credentials.password;
    if (!login || !password)
      throw new SmsProviderError('missing_credentials', 'SMS Traffic needs a login and password');
    return { login, password };
  }

  function post(base: string, params: Record<string, string | undefined>): Promise<HttpReply> {
    return httpRequest(o, { method: 'POST', url: `${base}${SCRIPT}`, headers: FORM_HEADERS, body: formBody(params) });
  }

  const temporary = (reply: HttpReply) => reply.status >= 500 || parse(reply)?.code === 1000;

  // Status and balance change nothing, so any failure of the main host may be retried on the reserve.
  async function query(params: Record<string, string | undefined>, what: string): Promise<TrafficReply> {
    let reply: HttpReply | undefined;
    try {
      reply = await post(o.baseUrl, params);
    } catch (err) {
      if (!failoverBase) throw err;
    }
    if (failoverBase && (reply === undefined || temporary(reply))) reply = await post(failoverBase, params);
    const parsed = reply ? parse(reply) : undefined;
    if (!reply || !parsed) {
      throw new SmsProviderError(
        `http_${reply?.status}`,
        `SMS Traffic ${what}: unexpected reply (http ${reply?.status})`,
      );
    }
    if (!parsed.ok) {
      const code = parsed.code === 411 || parsed.code === 412 ? 'bad_credentials' : String(parsed.code ?? 'error');
      throw new SmsProviderError(code, `SMS Traffic ${what}: ${parsed.description}`);
    }
    return parsed;
  }

  return {
    key: 'smstraffic',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const params = {
          ...auth(credentials),
          phones: input.to,
          message: input.text,
          originator: input.senderName ?? undefined,
          rus: '5',
          want_sms_ids: '1',
        };
        // Only a reply that says nothing was queued (1000, 5xx) is safe to repeat on the reserve host;
        // a request lost in transit may have been queued, and the core retries it itself.
        let reply = await post(o.baseUrl, params);
        if (failoverBase && temporary(reply)) reply = await post(failoverBase, params);

        if (reply.status === 429) return failed('rate_limited', 'http 429', reply.retryAfterMs);
        if (reply.status >= 500) return failed('provider_error', `http ${reply.status}`, reply.retryAfterMs);
        const body = parse(reply);
        if (!body) return failed('provider_error', `SMS Traffic: unexpected reply (http ${reply.status})`);
        if (!body.ok) return sendFailure(body.code, body.description);

        const infos = blocks(body.xml, 'message_info');
        const info = infos.find((i) => tag(i, 'phone') === input.to) ?? (infos.length === 1 ? infos[0] : undefined);
        const id = info === undefined ? undefined : tag(info, 'sms_id');
        return id
          ? { ok: true, providerMessageId: id }
          : failed('provider_error', 'SMS Traffic: no sms_id in the reply');
      }),

    async status(credentials, providerMessageId) {
      const body = await query({ ...auth(credentials), operation: 'status', sms_id: providerMessageId }, 'status');
      // One id gives a flat reply; several give <sms> blocks. Read either.
      const entry = blocks(body.xml, 'sms').find((b) => tag(b, 'sms_id') === providerMessageId) ?? body.xml;
      const error = tag(entry, 'error');
      // "no such message or this message does not belong to you": unknown (yet, or archived after two days).
      if (error) return 'pending';
      return statusToAck(tag(entry, 'status'));
    },

    async balance(credentials) {
      const body = await query({ ...auth(credentials), operation: 'account' }, 'balance');
      const account = tag(body.xml, 'account');
      const balance = account === undefined || account === '' ? Number.NaN : Number(account);
      if (!Number.isFinite(balance)) {
        throw new SmsProviderError('bad_reply', 'SMS Traffic balance: no account in the reply');
      }
      return balance;
    },
  };
}
