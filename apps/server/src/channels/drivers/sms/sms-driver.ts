import {
  smsProviderByKey,
  validateSmsSettings,
  type SmsProviderInfo,
  type SmsSettingsProblem,
} from '@salon/contract/sms-providers';
import type {
  Ack,
  ChannelDriver,
  ChannelEvents,
  ChannelInstanceRef,
  ChannelSession,
  LoginResult,
  OutboundMessage,
  SendResult,
} from '../../channel.js';
import { failed, isRecord, trimmed } from './sms-http.js';
import type { SmsCredentials, SmsDeliveryStatus, SmsProvider } from './sms-provider.js';

// The SMS channel driver: wraps one gateway adapter into the channel port. There is no login flow
// and no connection to keep: a session is "authenticated" when the stored credentials have what the
// provider needs, sends go straight to the gateway, and delivery reports are polled. With a public
// URL (reportUrl) the providers that take a callback per message are also asked to post their report
// there; the poll stays as the fallback for a lost callback, and an ack only ever rises.

export const DEFAULT_POLL_INTERVAL_MS = 30_000;
// Gateways keep reports for a day or two; past that an unanswered message will never be answered.
export const DEFAULT_MAX_PENDING_AGE_MS = 48 * 60 * 60 * 1000;
const DEFAULT_MAX_CHECKS_PER_POLL = 200;
const DEFAULT_MAX_TRACKED = 10_000;

export interface SmsDriverOptions {
  pollIntervalMs?: number;
  maxPendingAgeMs?: number;
  // Caps status calls per poll so a big mailing does not hammer the gateway; the rest wait their turn.
  maxChecksPerPoll?: number;
  // Caps the messages tracked per session; the oldest are dropped first.
  maxTracked?: number;
  now?: () => number;
  // SPEC 5: for a provider whose sender name falls back to the branch name (sms.ru) and none is
  // stored. The port's instance ref carries no branch name, so the core supplies it here.
  branchName?: (instance: ChannelInstanceRef) => string | null | Promise<string | null>;
  // Status calls that failed (network, credentials); the message stays pending and is asked again.
  // Where this instance's delivery reports may be posted (sms-reports/report-url.ts); absent or null:
  // no public URL, polling only.
  reportUrl?: (instance: ChannelInstanceRef) => string | null;
  onPollError?: (error: unknown, providerMessageId: string) => void;
}

export interface SmsChannelSession extends ChannelSession {
  // Resumes delivery reports for a message sent before a restart: the core knows which rows still
  // sit at 'server', this session does not.
  track(providerMessageId: string, sentAt: Date): void;
  // One poll now; the interval timer runs the same.
  pollNow(): Promise<void>;
}

export interface SmsChannelDriver extends ChannelDriver {
  readonly kind: 'sms';
  open(instance: ChannelInstanceRef, credentials: string | null, events: ChannelEvents): Promise<SmsChannelSession>;
}

export function parseSmsCredentials(serialized: string | null): SmsCredentials | null {
  if (serialized === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(serialized);
  } catch {
    return null;
  }
  if (!isRecord(raw)) return null;
  const credentials: SmsCredentials = {};
  for (const key of ['apiKey', 'login', 'password', 'senderName'] as const) {
    const value = raw[key];
    if (typeof value === 'string') credentials[key] = value;
  }
  return credentials;
}

function describeProblems(problems: SmsSettingsProblem[]): string {
  return problems.map((p) => `${p.field}: ${p.code}`).join(', ');
}

// Acks only rise (server < delivered < read) and 'failed' can only follow 'server'.
function raises(from: Ack, to: Ack): boolean {
  if (from === 'failed' || from === 'read' || to === from) return false;
  if (to === 'failed') return from === 'server';
  const rank: Record<Exclude<Ack, 'failed'>, number> = { server: 0, delivered: 1, read: 2 };
  return rank[to] > rank[from];
}

// SMS has no read receipts worth waiting for, so delivered ends the tracking as read and failed do.
function isFinal(ack: Ack): boolean {
  return ack !== 'server';
}

export function smsDriver(provider: SmsProvider, options: SmsDriverOptions = {}): SmsChannelDriver {
  const found = smsProviderByKey(provider.key);
  if (!found || found.key === 'off') throw new Error(`SMS provider "${provider.key}" is not in the contract list`);
  const info: SmsProviderInfo = found;

  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const maxAgeMs = options.maxPendingAgeMs ?? DEFAULT_MAX_PENDING_AGE_MS;
  const maxChecks = options.maxChecksPerPoll ?? DEFAULT_MAX_CHECKS_PER_POLL;
  const maxTracked = options.maxTracked ?? DEFAULT_MAX_TRACKED;
  const now = options.now ?? Date.now;

  return {
    kind: 'sms',
    provider: `sms:${provider.key}`,

    async open(instance, serialized, events) {
      const credentials = parseSmsCredentials(serialized);
      let state: 'ready' | 'not_authenticated' | 'closed' = 'not_authenticated';
      // Insertion order is the polling order; a checked entry moves to the back.
      const pending = new Map<string, { sentAt: number; ack: Ack }>();
      let timer: ReturnType<typeof setInterval> | undefined;
      let polling = false;

      if (credentials === null) {
        events.status('not_authenticated', { reason: serialized === null ? 'no_credentials' : 'invalid_credentials' });
      } else {
        const problems = validateSmsSettings({ provider: info.key, ...credentials });
        if (problems.length > 0) {
          events.status('not_authenticated', { reason: describeProblems(problems) });
        } else {
          state = 'ready';
          events.status('authenticated');
        }
      }

      function track(providerMessageId: string, sentAt: number): void {
        if (state === 'closed') return;
        pending.delete(providerMessageId);
        pending.set(providerMessageId, { sentAt, ack: 'server' });
        while (pending.size > maxTracked) {
          const oldest = pending.keys().next();
          if (oldest.done) break;
          pending.delete(oldest.value);
        }
        startLoop();
      }

      function startLoop(): void {
        if (timer !== undefined || state !== 'ready') return;
        timer = setInterval(() => void pollNow(), pollIntervalMs);
        // The loop must never keep the process alive on shutdown.
        timer.unref();
      }

      function stopLoop(): void {
        if (timer !== undefined) clearInterval(timer);
        timer = undefined;
      }

      async function pollNow(): Promise<void> {
        // A slow gateway must not make polls overlap and ask twice for the same messages.
        if (polling || state !== 'ready' || credentials === null) return;
        polling = true;
        try {
          let checks = 0;
          for (const [id, entry] of [...pending]) {
            if (state !== 'ready') return;
            if (now() - entry.sentAt > maxAgeMs) {
              pending.delete(id);
              continue;
            }
            if (checks >= maxChecks) break;
            checks += 1;
            pending.delete(id);
            pending.set(id, entry);

            let status: SmsDeliveryStatus;
            try {
              status = await provider.status(credentials, id);
            } catch (err) {
              options.onPollError?.(err, id);
              continue;
            }
            // close() may have run while the call was out; its acks belong to the next session.
            if (state !== 'ready') return;
            if (!pending.has(id)) continue;
            if (status === 'pending') continue;
            if (raises(entry.ack, status)) {
              entry.ack = status;
              events.ack(id, status);
            }
            if (isFinal(entry.ack)) pending.delete(id);
          }
        } finally {
          polling = false;
          if (pending.size === 0) stopLoop();
        }
      }

      async function senderName(): Promise<string | null> {
        const stored = trimmed(credentials?.senderName);
        if (stored) return stored;
        if (info.senderName !== 'branch_name' || !options.branchName) return null;
        return trimmed(await options.branchName(instance)) ?? null;
      }

      const session: SmsChannelSession = {
        async login(): Promise<LoginResult> {
          return {
            result: 'error',
            error: 'not_supported',
            detail: 'SMS gateways take their credentials from settings',
          };
        },

        async send(message: OutboundMessage): Promise<SendResult> {
          if (state !== 'ready' || credentials === null) return failed('not_connected', `sms session ${state}`);
          // SMS carries text only; sending the caption alone would report a file as delivered.
          if (message.media) return failed('provider_error', 'media_not_supported');
          if (message.text.trim() === '') return failed('provider_error', 'empty_text');

          const result = await provider.send(credentials, {
            idempotencyKey: message.idempotencyKey,
            to: message.to,
            text: message.text,
            senderName: await senderName(),
            reportUrl: options.reportUrl?.(instance) ?? null,
          });
          if (result.ok && state === 'ready') {
            events.ack(result.providerMessageId, 'server');
            track(result.providerMessageId, now());
          }
          return result;
        },

        async logout() {
          // A gateway key cannot be revoked from here; the core forgets the stored credentials.
          const wasOpen = state !== 'closed';
          state = 'closed';
          stopLoop();
          pending.clear();
          if (wasOpen) events.status('not_authenticated', { reason: 'logged_out' });
        },

        async close() {
          state = 'closed';
          stopLoop();
          pending.clear();
        },

        track(providerMessageId, sentAt) {
          track(providerMessageId, sentAt.getTime());
        },

        pollNow,
      };
      return session;
    },
  };
}
