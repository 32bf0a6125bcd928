import type { SendResult } from '../../../channel.js';
import {
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
} from '../sms-http.js';
import { SmsProviderError, type SmsCredentials, type SmsProvider, type SmsProviderOptions } from '../sms-provider.js';

// Devino Telecom (devino.online), over its HTTP API; every call carries "Authorization: Key <API key>".
// Send: POST https://api.devino.online/sms/messages {"messages": [{"from", "to", "text"}]}
// (https://docs.devino.online/en/http/sms/); the reply has one result per message,
// {"result": [{"code": "OK", "messageId"}]} or {"code": "REJECTED", "reasons": {<error code>: <the request
// parameter it is about>}}. The page names no error codes, only the parameter each reason points at, so a
// rejection is read by that parameter: the sender (not approved) or the number.
// Balance: GET /billing-api/companies/current/account → {"result": {"account": {"balance", "currencyId"}}}
// (https://docs.devino.online/0.2.0/en/http/account/); the currency is a numeric id, so no balanceCurrency.
// Delivery reports: the send takes a per-message callbackUrl, but the stored docs show neither the
// callback's body nor a call to ask for a status, so no report URL is passed and status() answers
// 'pending' without calling Devino (as for Vonage): a message stays at 'server'.
// Devino has no client message id, so a resend after a crash cannot be recognised.

const DEFAULT_BASE_URL = 'https://api.devino.online';

// Which request parameter a rejection reason points at ("messages[0].from", "from", …).
function reasonRefs(reasons: unknown): string[] {
  return isRecord(reasons) ? Object.values(reasons).filter((v): v is string => typeof v === 'string') : [];
}

function rejected(reasons: unknown): SendResult {
  const refs = reasonRefs(reasons);
  const said = Object.entries(isRecord(reasons) ? reasons : {})
    .map(([code, ref]) => (typeof ref === 'string' && ref !== '' ? `${code} (${ref})` : code))
    .join(', ');
  const detail = `Devino REJECTED${said ? `: ${said}` : ''}`;
  const about = (name: string) => refs.some((r) => new RegExp(`(^|\\.)${name}$`).test(r));
  if (about('from')) return failed('provider_error', `sender_not_approved (${detail})`);
  if (about('to')) return failed('invalid_recipient', detail);
  return failed('provider_error', detail);
}

function describe(reply: HttpReply): string {
  const said = [field(reply.json, 'code'), field(reply.json, 'description'), field(reply.json, 'message')]
    .filter((s): s is string => typeof s === 'string' && s !== '')
    .join(' – ');
  return `Devino (http ${reply.status})${said ? `: ${said}` : ''}`;
}

function requestError(reply: HttpReply, what: string): SmsProviderError {
  const refused = reply.status === 401 || reply.status === 403;
  return new SmsProviderError(refused ? 'bad_credentials' : `http_${reply.status}`, `${what}: ${describe(reply)}`);
}

export function devinoProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  function authorization(credentials: SmsCredentials): string {
    return `Key ${requiredApiKey(credentials, 'Devino')}`;
  }

  return {
    key: 'devino',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const from = trimmed(input.senderName);
        // The sender is required: Devino sends only from a name approved in the account.
        if (!from) return failed('provider_error', 'sender_not_approved (Devino needs a sender name)');
        const reply = await httpRequest(o, {
          method: 'POST',
          url: `${o.baseUrl}/sms/messages`,
          headers: { authorization: authorization(credentials), 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ messages: [{ from, to: input.to, text: input.text }] }),
        });
        if (reply.status === 401 || reply.status === 403) {
          return failed('provider_error', `bad_credentials (${describe(reply)})`);
        }
        const byStatus = failureFromHttpStatus(reply);
        if (byStatus) return byStatus;
        if (reply.status >= 400) return failed('provider_error', describe(reply));
        const results = field(reply.json, 'result');
        const entry: unknown = Array.isArray(results) ? results[0] : undefined;
        if (!isRecord(entry)) return failed('provider_error', `Devino: unexpected reply (http ${reply.status})`);
        if (entry.code !== 'OK') return rejected(entry.reasons);
        const id = toId(entry.messageId);
        return id ? { ok: true, providerMessageId: id } : failed('provider_error', 'Devino: no messageId in the reply');
      }),

    async status(credentials) {
      // No documented status call (see above): not known yet.
      authorization(credentials);
      return 'pending';
    },

    async balance(credentials) {
      const reply = await httpRequest(o, {
        method: 'GET',
        url: `${o.baseUrl}/billing-api/companies/current/account`,
        headers: { authorization: authorization(credentials) },
      });
      if (reply.status >= 400 || !isRecord(reply.json)) throw requestError(reply, 'Devino balance');
      const balance = toNumber(field(reply.json, 'result', 'account', 'balance'));
      if (balance === undefined) throw new SmsProviderError('bad_reply', 'Devino balance: no balance in the reply');
      return balance;
    },
  };
}
