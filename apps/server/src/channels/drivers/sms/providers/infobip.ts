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
  withQuery,
} from '../sms-http.js';
import {
  SmsProviderError,
  type SmsCredentials,
  type SmsDeliveryStatus,
  type SmsProvider,
  type SmsProviderOptions,
} from '../sms-provider.js';

// Infobip SMS API, a thin adapter over its documented HTTP API: the npm SDK (@infobip-api/sdk, from the
// infobip-community organisation) is not maintained (its latest version, 0.3.2, npm dates to December
// 2024), so it is not taken on as a dependency.
//
// Every call carries "Authorization: App <API key>". The base URL is account-specific
// (https://{baseUrl} in the portal); pass it as the adapter's baseUrl option, default
// https://api.infobip.com.
// Send: POST /sms/2/text/advanced {"messages": [{"from", "destinations": [{"to", "messageId"}], "text"}]}
// (https://dev-old.infobip.com/send-sms/fully-featured-text-message); the reply
// has one entry per destination with its messageId and a status object {groupId, groupName, id, name}
// (https://www.infobip.com/docs/essentials/api-essentials/response-status-and-error-codes: groups
// 1 PENDING, 2 UNDELIVERABLE, 3 DELIVERED, 4 EXPIRED, 5 REJECTED). Refused requests answer an HTTP error
// with {"requestError": {"serviceException": {"messageId", "text", "validationErrors"}}}.
// Delivery reports: with a report URL each message carries notifyUrl (and notifyContentType JSON), and
// Infobip posts {"results": [{"messageId", "status": {groupId, …}, …}]} there
// (https://www.infobip.com/docs/api/channels/sms/sms-messaging/logs-and-status-reports/receive-outbound-sms-message-report).
// Otherwise, and as the fallback, GET /sms/1/reports?messageId=…
// (https://www.infobip.com/docs/api/channels/sms/logs-and-status-reports/get-outbound-sms-message-delivery-reports);
// each report is returned once, and not at all to accounts that have reports pushed to a webhook, so an
// empty answer is 'pending'.
// Balance: GET /account/1/balance → {"balance": 47.79, "currency": "EUR"}
// (https://dev.infobip.com/settings/account-balance).
//
// The idempotency key is sent as the destination's messageId, Infobip's client message id; a resend
// of a message Infobip already took is refused as REJECTED_DUPLICATE_MESSAGE_ID and read as sent.

const DEFAULT_BASE_URL = 'https://api.infobip.com';

const GROUP_PENDING = 1;
const GROUP_DELIVERED = 3;

interface InfobipStatus {
  groupId: number | undefined;
  name: string;
  description: string;
}

function readStatus(value: unknown): InfobipStatus {
  return {
    groupId: toNumber(field(value, 'groupId')),
    name: typeof field(value, 'name') === 'string' ? (field(value, 'name') as string) : '',
    description: typeof field(value, 'description') === 'string' ? (field(value, 'description') as string) : '',
  };
}

// A message the send reply did not take: group 5 REJECTED (or an unexpected final group), read by its
// status name.
function rejected(status: InfobipStatus): SendResult {
  const detail = `Infobip ${status.name || `group ${status.groupId ?? '?'}`}${status.description ? `: ${status.description}` : ''}`;
  switch (status.name) {
    case 'REJECTED_NOT_ENOUGH_CREDITS':
    case 'REJECTED_PREPAID_PACKAGE_EXPIRED':
      return failed('provider_error', `no_money (${detail})`);
    // Sender ID not registered on the account; sender blocklisted.
    case 'REJECTED_SOURCE':
    case 'REJECTED_SENDER':
      return failed('provider_error', `sender_not_approved (${detail})`);
    // No route to the network, no country prefix, do-not-disturb, blocklisted or invalid destination,
    // destination not registered, recipient missing.
    case 'REJECTED_NETWORK':
    case 'REJECTED_PREFIX_MISSING':
    case 'REJECTED_DND':
    case 'REJECTED_DESTINATION':
    case 'REJECTED_DESTINATION_NOT_REGISTERED':
    case 'MISSING_TO':
      return failed('invalid_recipient', detail);
    case 'REJECTED_FLOODING_FILTER':
      return failed('rate_limited', detail);
    default:
      return failed('provider_error', detail);
  }
}

interface ServiceException {
  messageId: string;
  text: string;
  validationErrors: Record<string, unknown>;
}

function serviceException(reply: HttpReply): ServiceException {
  const e = field(reply.json, 'requestError', 'serviceException');
  const errors = field(e, 'validationErrors');
  return {
    messageId: typeof field(e, 'messageId') === 'string' ? (field(e, 'messageId') as string) : '',
    text: typeof field(e, 'text') === 'string' ? (field(e, 'text') as string) : '',
    validationErrors: isRecord(errors) ? errors : {},
  };
}

function describe(e: ServiceException, status: number): string {
  const fields = Object.entries(e.validationErrors).map(
    ([k, v]) => `${k}: ${(Array.isArray(v) ? v : [v]).filter((m) => typeof m === 'string').join('; ')}`,
  );
  const said = [e.messageId, e.text, ...fields].filter((s) => s !== '').join(' – ');
  return `Infobip (http ${status})${said ? `: ${said}` : ''}`;
}

// A refused request (HTTP 4xx): bad key, validation of the number or the sender.
function refusal(reply: HttpReply): SendResult {
  const e = serviceException(reply);
  const detail = describe(e, reply.status);
  if (reply.status === 401 || reply.status === 403 || e.messageId === 'UNAUTHORIZED') {
    return failed('provider_error', `bad_credentials (${detail})`);
  }
  if (e.messageId === 'TOO_MANY_REQUESTS') return failed('rate_limited', detail, reply.retryAfterMs);
  const keys = Object.keys(e.validationErrors);
  if (keys.some((k) => /(^|\.)from$/.test(k))) return failed('provider_error', `sender_not_approved (${detail})`);
  if (keys.some((k) => /(^|\.)to$/.test(k))) return failed('invalid_recipient', detail);
  return failed('provider_error', detail);
}

function requestError(reply: HttpReply, what: string): SmsProviderError {
  const e = serviceException(reply);
  const refused = reply.status === 401 || reply.status === 403 || e.messageId === 'UNAUTHORIZED';
  const code = refused ? 'bad_credentials' : `http_${reply.status}`;
  return new SmsProviderError(code, `${what}: ${describe(e, reply.status)}`);
}

// 1 PENDING (with the operator, not confirmed); 3 DELIVERED; 2 UNDELIVERABLE, 4 EXPIRED, 5 REJECTED.
const ACK_BY_GROUP: Readonly<Record<number, SmsDeliveryStatus>> = {
  1: 'server',
  2: 'failed',
  3: 'delivered',
  4: 'failed',
  5: 'failed',
};

function ackOfGroup(status: unknown): SmsDeliveryStatus {
  const group = readStatus(status).groupId;
  return group === undefined ? 'pending' : (ACK_BY_GROUP[group] ?? 'pending');
}

export function infobipProvider(options?: SmsProviderOptions): SmsProvider {
  const o: ResolvedOptions = resolveOptions(options, DEFAULT_BASE_URL);

  function authorization(credentials: SmsCredentials): string {
    return `App ${requiredApiKey(credentials, 'Infobip')}`;
  }

  return {
    key: 'infobip',

    send: (credentials, input) =>
      sendGuarded(async () => {
        const reply = await httpRequest(o, {
          method: 'POST',
          url: `${o.baseUrl}/sms/2/text/advanced`,
          headers: { authorization: authorization(credentials), 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({
            messages: [
              {
                // No sender: the account's default sender is used.
                ...(trimmed(input.senderName) ? { from: trimmed(input.senderName) } : {}),
                destinations: [{ to: input.to, messageId: input.idempotencyKey }],
                text: input.text,
                ...(input.reportUrl ? { notifyUrl: input.reportUrl, notifyContentType: 'application/json' } : {}),
              },
            ],
          }),
        });
        if (reply.status === 429 || reply.status >= 500) return failureFromHttpStatus(reply) ?? refusal(reply);
        if (reply.status >= 400) return refusal(reply);
        const messages = field(reply.json, 'messages');
        const entry: unknown = Array.isArray(messages) ? messages[0] : undefined;
        if (!isRecord(entry)) return failed('provider_error', `Infobip: unexpected reply (http ${reply.status})`);
        const status = readStatus(entry.status);
        if (status.name === 'REJECTED_DUPLICATE_MESSAGE_ID') {
          return { ok: true, providerMessageId: input.idempotencyKey };
        }
        if (status.groupId !== GROUP_PENDING && status.groupId !== GROUP_DELIVERED) return rejected(status);
        const id = toId(entry.messageId);
        return id
          ? { ok: true, providerMessageId: id }
          : failed('provider_error', 'Infobip: no messageId in the reply');
      }),

    async status(credentials, providerMessageId) {
      const reply = await httpRequest(o, {
        method: 'GET',
        url: withQuery(`${o.baseUrl}/sms/1/reports`, { messageId: providerMessageId }),
        headers: { authorization: authorization(credentials) },
      });
      if (reply.status >= 400 || !isRecord(reply.json)) throw requestError(reply, 'Infobip reports');
      const results = Array.isArray(reply.json.results) ? reply.json.results : [];
      const report: unknown = results.find((r) => isRecord(r) && toId(r.messageId) === providerMessageId);
      return isRecord(report) ? ackOfGroup(report.status) : 'pending';
    },

    parseReport(input) {
      const results = field(input.body, 'results');
      if (!Array.isArray(results)) return [];
      return results.flatMap((r: unknown) => {
        const id = isRecord(r) ? toId(r.messageId) : undefined;
        return id && isRecord(r) ? [{ providerMessageId: id, status: ackOfGroup(r.status) }] : [];
      });
    },

    async balance(credentials) {
      const reply = await httpRequest(o, {
        method: 'GET',
        url: `${o.baseUrl}/account/1/balance`,
        headers: { authorization: authorization(credentials) },
      });
      if (reply.status >= 400 || !isRecord(reply.json)) throw requestError(reply, 'Infobip balance');
      const balance = toNumber(reply.json.balance);
      if (balance === undefined) throw new SmsProviderError('bad_reply', 'Infobip balance: no balance in the reply');
      return balance;
    },
  };
}
