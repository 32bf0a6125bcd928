import type { ChannelStatus } from '@salon/contract/accounts';
import type {
  ChannelDriver,
  ChannelEvents,
  ChannelInstanceRef,
  ChannelKind,
  ChannelSession,
  LoginResult,
  LoginStep,
  OutboundMessage,
  SendResult,
  SubscriberEvent,
} from '../../channel.js';
import { isBotKind } from '../../channel.js';
import type { Logger } from '../../../platform/logger.js';
import { botActionOf } from './bot-actions.js';
import { isPhone, isValidBotToken } from './rules.js';
import type { SandboxAccount, SandboxMessage, SandboxNetwork } from './network.js';

export interface SandboxDriverOptions {
  network: SandboxNetwork;
  logger: Logger;
  // How often a session looks at the network for scans, deliveries, reads and replies.
  pollMs?: number;
}

// How the network's account state looks to the cabinet.
function statusOf(account: SandboxAccount | undefined, kind: ChannelKind): ChannelStatus {
  if (kind === 'sms') return 'authenticated';
  switch (account?.state) {
    case 'linked':
      return 'authenticated';
    case 'qr':
      return 'got qr code';
    case 'banned':
      return 'blocked';
    case 'dropped':
      return 'loading';
    default:
      return 'not_authenticated';
  }
}

// A bot user's action on the network, as the core hears it: the user's address is their phone.
function subscriberEventOf(m: SandboxMessage): SubscriberEvent | null {
  const action = botActionOf(m.meta);
  switch (action?.type) {
    case 'start':
      return { type: 'started', address: m.phone, name: m.name, startToken: action.token };
    case 'contact':
      return { type: 'contact', address: m.phone, name: m.name, phone: action.phone };
    case 'stopped':
      return { type: 'stopped', address: m.phone };
    default:
      return null;
  }
}

// The embedded stand-in for WhatsApp, Telegram, the salon's bots and SMS: the same states and
// flows as the real drivers, against the simulated network in the database.
export function sandboxDriver(kind: ChannelKind, options: SandboxDriverOptions): ChannelDriver {
  const { network } = options;
  const pollMs = options.pollMs ?? 250;
  const bot = isBotKind(kind);
  return {
    kind,
    provider: 'sandbox',
    async open(
      instance: ChannelInstanceRef,
      _credentials: string | null,
      events: ChannelEvents,
    ): Promise<ChannelSession> {
      let closed = false;
      let reported: string | undefined;
      let timer: NodeJS.Timeout | undefined;

      const report = (account: SandboxAccount | undefined) => {
        const status = statusOf(account, kind);
        const key = `${status}:${account?.phone ?? ''}`;
        if (key === reported) return;
        reported = key;
        // A bot's credentials are its token, reported by the login.
        if (status === 'authenticated' && kind !== 'sms' && !bot)
          events.credentials(JSON.stringify({ phone: account?.phone }));
        events.status(status, account?.phone ? { phone: account.phone } : undefined);
      };

      const tick = async () => {
        let account = await network.account(instance.id);
        // A dropped connection comes back by itself, as a real socket reconnects.
        if (account?.state === 'dropped') {
          report(account);
          await network.setState(instance.id, 'linked');
          account = await network.account(instance.id);
        }
        report(account);
        if (
          account?.state === 'qr' &&
          account.qrExpiresAt &&
          account.qrExpiresAt.getTime() <= network.now().getTime()
        ) {
          const fresh = await network.showQr(instance.id, kind);
          if (fresh.qr && fresh.qrExpiresAt) events.qr(fresh.qr, fresh.qrExpiresAt);
        }
        // Each ack and reply is confirmed to the network only after the core stored it. A poll's
        // acks are reported at once, so the core stores them together.
        const delivered = await network.deliverDue(instance.id);
        await Promise.all(delivered.map((id) => events.ack(String(id), 'delivered')));
        await network.confirmDelivered(delivered);
        const reads = await network.pendingReads(instance.id);
        await Promise.all(reads.map((id) => events.ack(String(id), 'read')));
        await network.confirmRead(reads);
        const replies = await network.pendingInbound(instance.id);
        for (const m of replies) {
          const event = bot ? subscriberEventOf(m) : null;
          if (event) {
            const answer = await events.subscriber(event);
            if (answer) await network.botAnswer(instance.id, kind, m, answer.text, answer.askContact);
            continue;
          }
          await events.inbound({
            providerMessageId: String(m.id),
            from: m.phone,
            name: m.name,
            at: m.createdAt,
            type: 'text',
            body: m.body,
            caption: null,
            file: null,
            ...(m.direction === 'from_salon' ? { fromSalon: true } : {}),
          });
        }
        await network.confirmInbound(replies.map((m) => m.id));
      };

      const loop = () => {
        if (closed) return;
        timer = setTimeout(() => {
          tick()
            .catch((err: unknown) => options.logger.warn({ err, instance: instance.id }, 'sandbox poll failed'))
            .finally(loop);
        }, pollMs);
      };
      await tick();
      loop();

      const linked = async () => (await network.account(instance.id))?.state === 'linked' || kind === 'sms';

      return {
        async login(step: LoginStep): Promise<LoginResult> {
          if (kind === 'sms') return { result: 'error', error: 'not_supported' };
          if (bot) {
            if (step.step !== 'bot_token') return { result: 'error', error: 'not_supported' };
            if (!isValidBotToken(kind, step.token)) return { result: 'error', error: 'invalid_token' };
            const account = await network.linkBot(instance.id, kind, step.token);
            events.credentials(JSON.stringify({ token: step.token, username: account.phone }));
            report(account);
            return { result: 'auth_success' };
          }
          if (await linked()) return { result: 'auth_success' };
          switch (step.step) {
            case 'qr': {
              const account = await network.showQr(instance.id, kind);
              report(account);
              events.qr(account.qr!, account.qrExpiresAt!);
              return { result: 'qr', qr: account.qr!, expiresAt: account.qrExpiresAt! };
            }
            case 'pairing_code': {
              if (kind !== 'whatsapp') return { result: 'error', error: 'not_supported' };
              if (!isPhone(step.phone)) return { result: 'error', error: 'invalid_phone' };
              const account = await network.requestPairingCode(instance.id, step.phone);
              return { result: 'pairing_code', code: account.pairingCode!, expiresAt: account.qrExpiresAt! };
            }
            case 'phone': {
              if (kind !== 'telegram') return { result: 'error', error: 'not_supported' };
              if (!isPhone(step.phone)) return { result: 'error', error: 'invalid_phone' };
              await network.sendLoginCode(instance.id, step.phone);
              return { result: 'code_sent' };
            }
            case 'code': {
              const r = await network.signIn(instance.id, step.code.trim());
              if (r === 'linked') {
                report(await network.account(instance.id));
                return { result: 'auth_success' };
              }
              if (r === 'password_needed') return { result: '2fa' };
              return { result: 'error', error: r === 'no_code' ? 'code_expired' : 'wrong_code' };
            }
            case 'bot_token':
              return { result: 'error', error: 'not_supported' };
            case 'password': {
              const r = await network.checkPassword(instance.id, step.password);
              if (r === 'linked') {
                report(await network.account(instance.id));
                return { result: 'auth_success' };
              }
              return { result: 'error', error: r === 'no_login' ? 'code_expired' : 'wrong_password' };
            }
          }
        },

        async send(message: OutboundMessage): Promise<SendResult> {
          const media = message.media
            ? {
                fileName: message.media.fileName,
                contentType: message.media.contentType,
                size: message.media.data.length,
              }
            : null;
          const sent = await network.send(instance.id, kind, message.idempotencyKey, message.to, message.text, media);
          // A banned or unlinked account refuses before the recipient is looked at.
          if (typeof sent === 'string') return { ok: false, failure: sent };
          events.ack(String(sent.id), 'server');
          // Bots learn nothing of delivery: an accepted message counts as delivered.
          if (bot) void events.ack(String(sent.id), 'delivered');
          return { ok: true, providerMessageId: String(sent.id) };
        },

        async markRead(chat: string, providerMessageIds: string[]) {
          if (kind === 'sms' || bot) return;
          const ids = providerMessageIds.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
          await network.salonReads(instance.id, chat, ids);
        },

        async logout() {
          await network.unlink(instance.id);
          report(await network.account(instance.id));
        },

        async close() {
          closed = true;
          if (timer) clearTimeout(timer);
        },
      };
    },
  };
}
