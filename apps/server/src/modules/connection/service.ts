import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  BotStateWire,
  BotTokenResponse,
  ChannelCode,
  ChannelStateWire,
  ConnectionResponse,
  TgStepResponse,
} from '@salon/contract/connection';
import type { ChannelStatus } from '@salon/contract/accounts';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ChannelKind, LoginResult, LoginStep } from '../../channels/channel.js';
import type { OutboxWriter } from '../../channels/dispatch/outbox.js';
import { dailyCap, type PacingProfile } from '../../channels/dispatch/governor.js';
import { localDay } from '@salon/contract/zoned-time';
import type { ChannelGateway } from '../../channels/gateway.js';
import type { ChannelInstanceRow, ChannelRepository } from '../../channels/repository.js';
import { branches } from '../../platform/db/schema.js';

const KIND: Record<ChannelCode, Exclude<ChannelKind, 'sms'>> = {
  WA: 'whatsapp',
  TG: 'telegram',
  TGB: 'tg_bot',
  MAX: 'max',
};
const PAIRING_MS = 160_000;
// Why a channel is `no_pay` when its module's paid time and grace ran out ('dropped': the owner's).
export const NOT_PAID = 'not_paid';

export interface ConnectionDeps {
  db: Db;
  repo: ChannelRepository;
  gateway: ChannelGateway;
  outbox: Pick<OutboxWriter, 'enqueue'>;
  clock: Clock;
  // The driver each kind runs on this installation ('sandbox', 'baileys', 'gramjs', 'grammy', 'maxbot').
  providers: Record<Exclude<ChannelKind, 'sms'>, string>;
  pacing: (kind: ChannelKind) => PacingProfile;
  // The bots' opt-in: their links and how many clients they reach (channels/reach).
  reach: {
    botSummary(bot: { accId: number; kind: string; phone: string | null; status: string }): Promise<{
      link: string | null;
      linked: number;
    }>;
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// The connection page's rules: one instance per branch and messenger, login steps through the
// session's holder, the pairing-code reuse window, and the actions on a channel.
export class ConnectionService {
  constructor(private readonly d: ConnectionDeps) {}

  async instance(accId: number, code: ChannelCode): Promise<ChannelInstanceRow> {
    const kind = KIND[code];
    const provider = this.d.providers[kind];
    const row = await this.d.repo.ensureInstance(accId, kind, provider, this.d.clock.now());
    // A switch of driver (sandbox → real) applies to instances that are not connected.
    if (row.provider !== provider && row.status !== 'authenticated') {
      await this.d.repo.setProvider(row.id, provider);
      return { ...row, provider };
    }
    return row;
  }

  private wire(row: ChannelInstanceRow, timeZone: string): ChannelStateWire {
    const now = this.d.clock.now();
    const qrLive = row.qr && row.qrExpiresAt && row.qrExpiresAt.getTime() > now.getTime();
    const paused = row.pausedUntil && row.pausedUntil.getTime() > now.getTime();
    return {
      status: row.status as ChannelStatus,
      phone: row.phone,
      reason: row.statusReason,
      paused_until: paused ? iso(row.pausedUntil) : null,
      pause_reason: paused ? row.pauseReason : null,
      qr: qrLive ? row.qr : null,
      qr_expires_at: qrLive ? iso(row.qrExpiresAt) : null,
      sent_today: row.sentDay === localDay(now, timeZone) ? row.sentToday : 0,
      daily_cap:
        row.status === 'authenticated'
          ? dailyCap(this.d.pacing(row.kind as ChannelKind), row.firstConnectedAt, now)
          : null,
    };
  }

  private async botWire(accId: number, code: 'TGB' | 'MAX', timeZone: string): Promise<BotStateWire> {
    const row = await this.instance(accId, code);
    const summary = await this.d.reach.botSummary(row);
    return { ...this.wire(row, timeZone), bot_link: summary.link, linked_clients: summary.linked };
  }

  async state(accId: number, sandbox: boolean): Promise<ConnectionResponse> {
    const [wa, tg] = await Promise.all([this.instance(accId, 'WA'), this.instance(accId, 'TG')]);
    const branch = (await this.branch(accId))!;
    const [tgBot, max] = await Promise.all([
      this.botWire(accId, 'TGB', branch.timeZone),
      this.botWire(accId, 'MAX', branch.timeZone),
    ]);
    return {
      ok: true,
      wa: this.wire(wa, branch.timeZone),
      tg: this.wire(tg, branch.timeZone),
      tg_bot: tgBot,
      max,
      registry_consent: Boolean(branch.at),
      sandbox,
    };
  }

  private async branch(accId: number) {
    const rows = await this.d.db
      .select({ at: branches.registryConsentAt, timeZone: branches.timeZone })
      .from(branches)
      .where(eq(branches.accId, accId));
    return rows[0];
  }

  async statusOf(accId: number, code: ChannelCode) {
    const row = await this.instance(accId, code);
    const other = await this.instance(accId, code === 'WA' ? 'TG' : 'WA');
    const messages: string[] = [];
    const w = this.wire(row, (await this.branch(accId))?.timeZone ?? 'UTC');
    if (w.pause_reason) messages.push(`paused:${w.pause_reason}`);
    if (row.statusReason) messages.push(`reason:${row.statusReason}`);
    return {
      ok: true as const,
      status: w.status,
      phone: row.phone,
      messages,
      change_channel_button: other.status === 'authenticated',
    };
  }

  private async login(row: ChannelInstanceRow, step: LoginStep): Promise<LoginResult> {
    const result = await this.d.gateway.run(row.id, { type: 'login', step });
    return result.result === 'done' ? { result: 'auth_success' } : result;
  }

  async qr(accId: number, code: ChannelCode) {
    const row = await this.instance(accId, code);
    if (row.status === 'no_pay')
      return { ok: true as const, status: 'error' as const, qr: null, expires_at: null, error: 'not_paid' };
    const r = await this.login(row, { step: 'qr' });
    if (r.result === 'qr')
      return { ok: true as const, status: 'qr' as const, qr: r.qr, expires_at: r.expiresAt.toISOString(), error: null };
    if (r.result === 'auth_success' || r.result === '2fa')
      return { ok: true as const, status: r.result, qr: null, expires_at: null, error: null };
    return {
      ok: true as const,
      status: 'error' as const,
      qr: null,
      expires_at: null,
      error: r.result === 'error' ? r.error : 'unexpected',
    };
  }

  // SPEC 4: a code asked again for the same phone within its life is the same code; another phone
  // must wait until it expires (the too-soon message).
  async pairing(accId: number, phone: string) {
    const row = await this.instance(accId, 'WA');
    const now = this.d.clock.now();
    const none = { code: null, expires_at: null };
    if (row.pairingCode && row.pairingExpiresAt && row.pairingExpiresAt.getTime() > now.getTime()) {
      if (row.pairingPhone === phone) {
        return {
          ok: true as const,
          status: 'code' as const,
          code: row.pairingCode,
          expires_at: iso(row.pairingExpiresAt),
          error: null,
        };
      }
      return { ok: true as const, status: 'too_soon' as const, ...none, error: 'too_soon' };
    }
    const r = await this.login(row, { step: 'pairing_code', phone });
    if (r.result === 'pairing_code') {
      const expiresAt = new Date(Math.min(r.expiresAt.getTime(), now.getTime() + PAIRING_MS));
      await this.d.repo.update(row.id, { pairingCode: r.code, pairingPhone: phone, pairingExpiresAt: expiresAt });
      return {
        ok: true as const,
        status: 'code' as const,
        code: r.code,
        expires_at: expiresAt.toISOString(),
        error: null,
      };
    }
    if (r.result === 'auth_success')
      return { ok: true as const, status: 'auth_success' as const, ...none, error: null };
    return {
      ok: true as const,
      status: 'error' as const,
      ...none,
      error: r.result === 'error' ? r.error : 'unexpected',
    };
  }

  private tg(r: LoginResult, onError: TgStepResponse['status']): TgStepResponse {
    const base = { ok: true as const, error: null, retry_after: null };
    switch (r.result) {
      case 'code_sent':
      case 'auth_success':
      case '2fa':
        return { ...base, status: r.result };
      case 'error':
        return {
          ...base,
          status: onError,
          error: r.error,
          retry_after: r.retryAfterMs ? Math.ceil(r.retryAfterMs / 1000) : null,
        };
      default:
        return { ...base, status: onError, error: 'unexpected' };
    }
  }

  async tgPhone(accId: number, phone: string) {
    const row = await this.instance(accId, 'TG');
    return this.tg(await this.login(row, { step: 'phone', phone }), 'error');
  }

  async tgCode(accId: number, code: string) {
    const row = await this.instance(accId, 'TG');
    return this.tg(await this.login(row, { step: 'code', code }), 'error');
  }

  async tgPassword(accId: number, password: string) {
    const row = await this.instance(accId, 'TG');
    const r = await this.login(row, { step: 'password', password });
    return this.tg(r, r.result === 'error' && r.error === 'wrong_password' ? '2fa_error' : 'auth_error');
  }

  // Connects the salon's bot with the token from @BotFather / MAX's MasterBot: the session checks
  // it with the provider (getMe / GET /me) and keeps it sealed as the channel's credentials.
  async botToken(accId: number, code: 'TGB' | 'MAX', token: string): Promise<BotTokenResponse> {
    const row = await this.instance(accId, code);
    if (row.status === 'no_pay') return { ok: true, status: 'error', error: 'not_paid', bot_username: null };
    const r = await this.login(row, { step: 'bot_token', token });
    if (r.result === 'auth_success') {
      const saved = await this.d.repo.instance(row.id);
      return { ok: true, status: 'auth_success', error: null, bot_username: saved?.phone ?? null };
    }
    return { ok: true, status: 'error', error: r.result === 'error' ? r.error : 'unexpected', bot_username: null };
  }

  async logout(accId: number, code: ChannelCode): Promise<string> {
    const row = await this.instance(accId, code);
    await this.d.gateway.run(row.id, { type: 'logout' });
    await this.d.repo.update(row.id, { pairingCode: null, pairingExpiresAt: null, qr: null });
    return 'logged_out';
  }

  async reboot(accId: number, code: ChannelCode): Promise<string> {
    const row = await this.instance(accId, code);
    // A dropped channel comes back as not connected; a live one reopens its session.
    if (row.status === 'no_pay') await this.d.repo.update(row.id, { status: 'not_authenticated', statusReason: null });
    await this.d.gateway.reopen(row.id);
    return 'rebooted';
  }

  // SPEC 4: dropping an instance logs it out and marks it not paid; the page shows the other channel.
  async drop(accId: number, code: ChannelCode): Promise<string> {
    const row = await this.instance(accId, code);
    await this.d.gateway.run(row.id, { type: 'logout' });
    await this.d.repo.saveStatus(row.id, 'no_pay', 'dropped', null, this.d.clock.now());
    await this.d.repo.update(row.id, { credentials: null, qr: null, pairingCode: null });
    await this.d.gateway.reopen(row.id);
    return 'dropped';
  }

  // The payments module's PayChannels port (runtime.ts): a channel module lapsed past its grace
  // makes its channel `no_pay` with reason 'not_paid'. The session is closed (the holder gives up
  // its lease: acquireLeases skips no_pay) but not logged out, so paying brings it back as it was.
  // A channel already `no_pay` (dropped by the owner) is left alone.
  async suspendUnpaid(accId: number, code: ChannelCode): Promise<boolean> {
    const row = await this.instance(accId, code);
    if (row.status === 'no_pay') return false;
    await this.d.repo.saveStatus(row.id, 'no_pay', NOT_PAID, null, this.d.clock.now());
    await this.d.gateway.reopen(row.id);
    return true;
  }

  // Paid again: only a channel switched off for not paying comes back (as reboot() does, the holder
  // reopens its saved session); a dropped one stays dropped.
  async resumePaid(accId: number, code: ChannelCode): Promise<boolean> {
    const row = await this.d.repo.instanceOf(accId, KIND[code]);
    if (!row || row.status !== 'no_pay' || row.statusReason !== NOT_PAID) return false;
    await this.d.repo.update(row.id, { status: 'not_authenticated', statusReason: null });
    // Now that it is not no_pay, the branch row's summary of the channel follows too.
    await this.d.repo.saveStatus(row.id, 'not_authenticated', null, null, this.d.clock.now());
    await this.d.gateway.reopen(row.id);
    return true;
  }

  cleanQueue(accId: number): Promise<number> {
    return this.d.repo.cancelPending(accId, this.d.clock.now());
  }

  async acceptRegistry(accId: number): Promise<void> {
    await this.d.db.update(branches).set({ registryConsentAt: this.d.clock.now() }).where(eq(branches.accId, accId));
  }

  // `code` pins the message to that channel (a bot tab tests its bot).
  async sendTest(accId: number, phone: string, text: string, code?: ChannelCode): Promise<number> {
    const { id } = await this.d.outbox.enqueue({
      accId,
      idempotencyKey: `test:${accId}:${randomUUID()}`,
      source: 'test',
      sourceId: null,
      recipient: phone,
      clientName: null,
      body: text,
      media: null,
      channels: code ? [KIND[code]] : null,
      notBefore: this.d.clock.now(),
    });
    return id;
  }
}
