import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { parseBotDeepLink } from '@salon/contract/bot-links';
import type { Clock } from '../../../platform/clock.js';
import { queryRows, type Db } from '../../../platform/db/client.js';
import { BOT_KINDS, isBotKind } from '../../channel.js';
import { botActionOf, botSubscription, botUsername } from './bot-actions.js';
import { SANDBOX_2FA_PASSWORD, needsTwoFactor, onMessenger } from './rules.js';
import { sandboxAccounts, sandboxMessages } from './schema.js';

export type SandboxAccount = typeof sandboxAccounts.$inferSelect;
export type SandboxMessage = typeof sandboxMessages.$inferSelect;

export interface SandboxOptions {
  // How long the network takes to deliver a message to the client's phone.
  deliveryMs: number;
}

// A message on its way into the network (`accept`), and what the network answered.
interface Accepting {
  instanceId: string;
  kind: string;
  key: string;
  to: string;
  body: string;
  media: string | null;
  // Bots' messages arrive at once.
  delivered: boolean;
  resolve: (accepted: Accepted) => void;
  reject: (err: unknown) => void;
}

interface Accepted {
  // The account's state (null: no account); id null when nothing was stored.
  state: string | null;
  id: number | null;
}

// Messages taken in one statement at most.
const MAX_BURST = 200;

const FIRST_QR_MS = 60_000;
const NEXT_QR_MS = 20_000;
const PAIRING_MS = 160_000;

function digits(n: number): string {
  return Array.from({ length: n }, () => String(randomInt(0, 10))).join('');
}

// Pairing codes avoid look-alike characters, as WhatsApp's do.
function pairingCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTVWXYZ23456789';
  return Array.from({ length: 8 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
}

// The simulated phone network: the salon's linked accounts and the clients' phones.
export class SandboxNetwork {
  readonly #accepting: Accepting[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly options: SandboxOptions,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  async account(instanceId: string): Promise<SandboxAccount | undefined> {
    const rows = await this.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.instanceId, instanceId));
    return rows[0];
  }

  private async upsert(instanceId: string, kind: string, patch: Partial<SandboxAccount>): Promise<SandboxAccount> {
    const now = this.clock.now();
    const rows = await this.db
      .insert(sandboxAccounts)
      .values({ instanceId, kind, updatedAt: now, ...patch })
      .onConflictDoUpdate({ target: sandboxAccounts.instanceId, set: { ...patch, updatedAt: now } })
      .returning();
    return rows[0]!;
  }

  // --- the salon's side (called by the driver session) ---

  async showQr(instanceId: string, kind: string): Promise<SandboxAccount> {
    const current = await this.account(instanceId);
    const now = this.clock.now().getTime();
    if (current?.state === 'qr' && current.qr && current.qrExpiresAt && current.qrExpiresAt.getTime() > now)
      return current;
    const first = current?.state !== 'qr';
    return this.upsert(instanceId, kind, {
      state: 'qr',
      qr: `SANDBOX-${kind.toUpperCase()}:${instanceId}:${digits(12)}`,
      qrExpiresAt: new Date(now + (first ? FIRST_QR_MS : NEXT_QR_MS)),
    });
  }

  async requestPairingCode(instanceId: string, phone: string): Promise<SandboxAccount> {
    return this.upsert(instanceId, 'whatsapp', {
      state: 'pairing',
      pairingCode: pairingCode(),
      pairingPhone: phone,
      qrExpiresAt: new Date(this.clock.now().getTime() + PAIRING_MS),
    });
  }

  async sendLoginCode(instanceId: string, phone: string): Promise<SandboxAccount> {
    return this.upsert(instanceId, 'telegram', {
      state: 'code_sent',
      phone,
      loginCode: digits(5),
      password: needsTwoFactor(phone) ? SANDBOX_2FA_PASSWORD : null,
    });
  }

  async signIn(instanceId: string, code: string): Promise<'wrong_code' | 'password_needed' | 'linked' | 'no_code'> {
    const account = await this.account(instanceId);
    if (!account || account.state !== 'code_sent' || !account.loginCode) return 'no_code';
    if (account.loginCode !== code) return 'wrong_code';
    const next = account.password ? 'password_needed' : 'linked';
    await this.upsert(instanceId, 'telegram', { state: next, loginCode: null });
    return next;
  }

  async checkPassword(instanceId: string, password: string): Promise<'wrong_password' | 'linked' | 'no_login'> {
    const account = await this.account(instanceId);
    if (!account || account.state !== 'password_needed') return 'no_login';
    if (account.password !== password) return 'wrong_password';
    await this.upsert(instanceId, 'telegram', { state: 'linked' });
    return 'linked';
  }

  async link(instanceId: string, kind: string, phone: string): Promise<void> {
    await this.upsert(instanceId, kind, { state: 'linked', phone, qr: null, pairingCode: null });
  }

  // A bot token the provider accepted: the account is the bot, known by its username.
  async linkBot(instanceId: string, kind: string, token: string): Promise<SandboxAccount> {
    return this.upsert(instanceId, kind, { state: 'linked', phone: botUsername(token), qr: null, pairingCode: null });
  }

  async unlink(instanceId: string): Promise<void> {
    await this.db
      .update(sandboxAccounts)
      .set({ state: 'logged_out', qr: null, updatedAt: this.clock.now() })
      .where(eq(sandboxAccounts.instanceId, instanceId));
  }

  // One message per (instance, key): a resend after a crash returns the first message's id. A
  // messenger account must be linked to send; the account is read in the sending statement.
  async send(
    instanceId: string,
    kind: string,
    key: string,
    to: string,
    body: string,
    media: unknown,
  ): Promise<{ id: number } | 'not_on_channel' | 'banned' | 'not_connected'> {
    const refused = (state: string | undefined) =>
      kind === 'sms' || state === 'linked' ? undefined : state === 'banned' ? 'banned' : 'not_connected';
    const bot = isBotKind(kind);
    // A bot writes only to a user who started it and shared their phone (the real APIs answer 403
    // otherwise); it learns nothing of delivery, so its messages arrive at once.
    if (bot && !(await this.botReaches(instanceId, to)))
      return refused((await this.account(instanceId))?.state) ?? 'not_on_channel';
    if (!bot && kind !== 'sms' && !onMessenger(kind, to))
      return refused((await this.account(instanceId))?.state) ?? 'not_on_channel';
    const mediaJson = media === null || media === undefined ? null : JSON.stringify(media);
    const row = await this.accept({ instanceId, kind, key, to, body, media: mediaJson, delivered: bot });
    const refusal = refused(row.state ?? undefined);
    if (refusal) return refusal;
    if (row.id !== null) return { id: Number(row.id) };
    const existing = await this.db
      .select({ id: sandboxMessages.id })
      .from(sandboxMessages)
      .where(
        and(
          eq(sandboxMessages.instanceId, instanceId),
          eq(sandboxMessages.direction, 'to_client'),
          eq(sandboxMessages.clientKey, key),
        ),
      );
    return existing[0]!;
  }

  // The network takes the messages sent in the same turn of the event loop (the dispatcher sends a
  // batch's recipients at once) in one statement, as a provider's API takes a burst: each sender
  // learns its own message's id, or the account's state that refused it.
  private accept(message: Omit<Accepting, 'resolve' | 'reject'>): Promise<Accepted> {
    return new Promise((resolve, reject) => {
      this.#accepting.push({ ...message, resolve, reject });
      if (this.#accepting.length === 1) setImmediate(() => void this.acceptWaiting());
    });
  }

  private async acceptWaiting(): Promise<void> {
    const burst = this.#accepting.splice(0, MAX_BURST);
    if (this.#accepting.length > 0) setImmediate(() => void this.acceptWaiting());
    try {
      const rows = await this.insertBurst(burst);
      burst.forEach((m, i) => m.resolve(rows[i]!));
    } catch (err) {
      for (const m of burst) m.reject(err);
    }
  }

  // Messages of linked accounts (SMS needs none) are stored in order; a key already stored adds
  // nothing (the row's id is null then, and `send` looks the first one up).
  private async insertBurst(burst: readonly Omit<Accepting, 'resolve' | 'reject'>[]): Promise<Accepted[]> {
    const now = this.clock.now();
    const later = new Date(now.getTime() + this.options.deliveryMs);
    const input = sql.join(
      burst.map(
        (m, i) =>
          sql`(${i}::int, ${m.instanceId}, ${m.kind}, ${m.key}, ${m.to}, ${m.body}, ${m.media}::jsonb, ${m.delivered}::bool)`,
      ),
      sql`, `,
    );
    const rows = await queryRows<{ ord: number; state: string | null; id: number | string | null }>(
      this.db,
      sql`with input (ord, instance_id, kind, client_key, phone, body, media, delivered) as (values ${input}),
        account as (
          select instance_id, state from ${sandboxAccounts} where instance_id in (select instance_id from input)
        ),
        inserted as (
          insert into ${sandboxMessages} (instance_id, kind, direction, client_key, phone, body, media, status,
                                          deliver_at, delivered_at, created_at)
          select i.instance_id, i.kind, 'to_client', i.client_key, i.phone, i.body, i.media,
                 case when i.delivered then 'delivered' else 'server' end,
                 case when i.delivered then ${now.toISOString()}::timestamptz else ${later.toISOString()}::timestamptz end,
                 case when i.delivered then ${now.toISOString()}::timestamptz end, ${now.toISOString()}::timestamptz
          from input i left join account a on a.instance_id = i.instance_id
          where i.kind = 'sms' or a.state = 'linked'
          order by i.ord
          on conflict do nothing
          returning id, instance_id, client_key
        )
        select i.ord, a.state, ins.id
        from input i
        left join account a on a.instance_id = i.instance_id
        left join inserted ins on ins.instance_id = i.instance_id and ins.client_key = i.client_key
        order by i.ord`,
    );
    return rows.map((r) => ({ state: r.state, id: r.id === null ? null : Number(r.id) }));
  }

  // Messages whose delivery time has come reach the phone. They stay 'delivered_pending' until the
  // session confirms their ack is stored, so a crash in between reports them again, never loses them.
  async deliverDue(instanceId: string): Promise<number[]> {
    const now = this.clock.now();
    await this.db
      .update(sandboxMessages)
      .set({ status: 'delivered_pending', deliveredAt: now })
      .where(
        and(
          eq(sandboxMessages.instanceId, instanceId),
          eq(sandboxMessages.status, 'server'),
          lte(sandboxMessages.deliverAt, now),
        ),
      );
    return this.idsIn(instanceId, 'delivered_pending');
  }

  private async idsIn(instanceId: string, status: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: sandboxMessages.id })
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.instanceId, instanceId), eq(sandboxMessages.status, status)))
      .orderBy(asc(sandboxMessages.id))
      .limit(1000);
    return rows.map((r) => r.id);
  }

  private async move(ids: number[], from: string, to: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(sandboxMessages)
      .set({ status: to })
      .where(and(inArray(sandboxMessages.id, ids), eq(sandboxMessages.status, from)));
  }

  confirmDelivered(ids: number[]): Promise<void> {
    return this.move(ids, 'delivered_pending', 'delivered');
  }

  // Reads the client did that are not yet reported.
  pendingReads(instanceId: string): Promise<number[]> {
    return this.idsIn(instanceId, 'read_unreported');
  }

  confirmRead(ids: number[]): Promise<void> {
    return this.move(ids, 'read_unreported', 'read');
  }

  // Replies not yet reported; they become 'taken' once the session confirms they are stored.
  async pendingInbound(instanceId: string): Promise<SandboxMessage[]> {
    return this.db
      .select()
      .from(sandboxMessages)
      .where(
        and(
          eq(sandboxMessages.instanceId, instanceId),
          inArray(sandboxMessages.direction, ['from_client', 'from_salon']),
          eq(sandboxMessages.status, 'new'),
        ),
      )
      .orderBy(asc(sandboxMessages.id));
  }

  confirmInbound(ids: number[]): Promise<void> {
    return this.move(ids, 'new', 'taken');
  }

  // --- the other side: the "phone" that scans, the clients who read and reply, the network's moods ---

  async scan(qr: string, phone: string): Promise<'linked' | 'expired' | 'unknown'> {
    const rows = await this.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.qr, qr));
    const account = rows[0];
    if (!account) return 'unknown';
    if (!account.qrExpiresAt || account.qrExpiresAt.getTime() <= this.clock.now().getTime()) return 'expired';
    await this.link(account.instanceId, account.kind, phone);
    return 'linked';
  }

  async enterPairingCode(code: string): Promise<'linked' | 'expired' | 'unknown'> {
    const rows = await this.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.pairingCode, code.replace(/[-\s]/g, '').toUpperCase()));
    const account = rows[0];
    if (!account?.pairingPhone) return 'unknown';
    if (!account.qrExpiresAt || account.qrExpiresAt.getTime() <= this.clock.now().getTime()) return 'expired';
    await this.link(account.instanceId, account.kind, account.pairingPhone);
    return 'linked';
  }

  async setState(instanceId: string, state: 'banned' | 'dropped' | 'logged_out' | 'linked'): Promise<void> {
    await this.db
      .update(sandboxAccounts)
      .set({ state, updatedAt: this.clock.now() })
      .where(eq(sandboxAccounts.instanceId, instanceId));
  }

  // A client writes back: to the account that last wrote to them (or the one named). Writing back
  // means they have read everything that account sent them.
  async clientReply(phone: string, body: string, name: string | null, instanceId?: string): Promise<boolean> {
    const target =
      instanceId ??
      (
        await this.db
          .select({ instanceId: sandboxMessages.instanceId })
          .from(sandboxMessages)
          .where(and(eq(sandboxMessages.phone, phone), eq(sandboxMessages.direction, 'to_client')))
          .orderBy(desc(sandboxMessages.id))
          .limit(1)
      )[0]?.instanceId;
    if (!target) return false;
    await this.markRead(phone, target);
    const now = this.clock.now();
    const kind = (await this.account(target))?.kind ?? 'whatsapp';
    await this.db.insert(sandboxMessages).values({
      instanceId: target,
      kind,
      direction: 'from_client',
      clientKey: `reply:${now.getTime()}:${digits(6)}`,
      phone,
      name,
      body,
      status: 'new',
      createdAt: now,
    });
    return true;
  }

  // The salon types a message on its own linked phone (WhatsApp's fromMe): the session reports it
  // as the salon's. False when the account is not linked.
  async salonWrites(instanceId: string, phone: string, body: string): Promise<boolean> {
    const account = await this.account(instanceId);
    if (account?.state !== 'linked') return false;
    const now = this.clock.now();
    await this.db.insert(sandboxMessages).values({
      instanceId,
      kind: account.kind,
      direction: 'from_salon',
      clientKey: `salon:${now.getTime()}:${digits(6)}`,
      phone,
      name: null,
      body,
      status: 'new',
      createdAt: now,
    });
    return true;
  }

  // Bots get no read receipts: their messages stay delivered.
  async markRead(phone: string, instanceId: string): Promise<void> {
    await this.db
      .update(sandboxMessages)
      .set({ status: 'read_unreported', readAt: this.clock.now() })
      .where(
        and(
          eq(sandboxMessages.instanceId, instanceId),
          notInArray(sandboxMessages.kind, [...BOT_KINDS]),
          eq(sandboxMessages.phone, phone),
          eq(sandboxMessages.direction, 'to_client'),
          inArray(sandboxMessages.status, ['server', 'delivered_pending', 'delivered']),
        ),
      );
  }

  // The salon reads a client's messages (the AI administrator's mark-as-read): their read time is
  // set once, and only on messages the client wrote to this account.
  async salonReads(instanceId: string, phone: string, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(sandboxMessages)
      .set({ readAt: this.clock.now() })
      .where(
        and(
          eq(sandboxMessages.instanceId, instanceId),
          eq(sandboxMessages.phone, phone),
          eq(sandboxMessages.direction, 'from_client'),
          inArray(sandboxMessages.id, ids),
          isNull(sandboxMessages.readAt),
        ),
      );
  }

  // --- bots: the phone opens a deep link, presses Start, shares its contact or stops the bot ---

  // What this phone did on this bot, oldest first.
  private async botActions(instanceId: string, phone: string) {
    const rows = await this.db
      .select({ meta: sandboxMessages.meta })
      .from(sandboxMessages)
      .where(
        and(
          eq(sandboxMessages.instanceId, instanceId),
          eq(sandboxMessages.phone, phone),
          eq(sandboxMessages.direction, 'from_client'),
          isNotNull(sandboxMessages.meta),
        ),
      )
      .orderBy(asc(sandboxMessages.id));
    return rows.map((r) => botActionOf(r.meta));
  }

  async botReaches(instanceId: string, phone: string): Promise<boolean> {
    const s = botSubscription(await this.botActions(instanceId, phone));
    return s.started && s.shared;
  }

  // The connected bot a deep link points at ('bad_link': not a bot link; 'unknown_bot': no linked
  // sandbox bot has that username).
  async botOfLink(
    link: string,
  ): Promise<{ account: SandboxAccount; token: string | null } | 'bad_link' | 'unknown_bot'> {
    const parsed = parseBotDeepLink(link.trim());
    if (!parsed) return 'bad_link';
    const rows = await this.db
      .select()
      .from(sandboxAccounts)
      .where(
        and(
          eq(sandboxAccounts.kind, parsed.kind),
          eq(sandboxAccounts.phone, parsed.username),
          eq(sandboxAccounts.state, 'linked'),
        ),
      );
    return rows[0] ? { account: rows[0], token: parsed.token } : 'unknown_bot';
  }

  private async clientBotMessage(instanceId: string, phone: string, name: string | null, body: string, meta: object) {
    const account = await this.account(instanceId);
    if (!account) return;
    const now = this.clock.now();
    await this.db.insert(sandboxMessages).values({
      instanceId,
      kind: account.kind,
      direction: 'from_client',
      clientKey: `bot:${now.getTime()}:${digits(6)}`,
      phone,
      name,
      body,
      meta,
      status: 'new',
      createdAt: now,
    });
  }

  // The phone presses Start in the bot a deep link opened (its payload: the start token).
  async botStart(instanceId: string, phone: string, token: string | null, name: string | null): Promise<'started'> {
    await this.clientBotMessage(instanceId, phone, name, token ? `/start ${token}` : '/start', { start: token });
    return 'started';
  }

  // The phone shares its own number through the bot's contact button: only in a bot it started.
  async botShareContact(instanceId: string, phone: string, name: string | null): Promise<'shared' | 'not_started'> {
    if (!botSubscription(await this.botActions(instanceId, phone)).started) return 'not_started';
    await this.clientBotMessage(instanceId, phone, name, `+${phone}`, { contact: phone });
    return 'shared';
  }

  // The phone stops (blocks) the bot: its messages fail until the phone starts it again.
  async botStop(instanceId: string, phone: string): Promise<'stopped' | 'not_started'> {
    if (!botSubscription(await this.botActions(instanceId, phone)).started) return 'not_started';
    await this.clientBotMessage(instanceId, phone, null, '/stop', { stopped: true });
    return 'stopped';
  }

  // The bot's answer to a phone's action (the core's text, with the contact button when asked). One
  // answer per action: a session that crashed before confirming the action answers it once.
  async botAnswer(instanceId: string, kind: string, action: SandboxMessage, text: string, askContact: boolean) {
    const now = this.clock.now();
    await this.db
      .insert(sandboxMessages)
      .values({
        instanceId,
        kind,
        direction: 'to_client',
        clientKey: `answer:${action.id}`,
        phone: action.phone,
        body: text,
        meta: askContact ? { askContact: true } : null,
        status: 'delivered',
        deliverAt: now,
        deliveredAt: now,
        createdAt: now,
      })
      .onConflictDoNothing();
  }

  async messages(limit: number, phone?: string): Promise<SandboxMessage[]> {
    return this.db
      .select()
      .from(sandboxMessages)
      .where(phone ? eq(sandboxMessages.phone, phone) : sql`true`)
      .orderBy(desc(sandboxMessages.id))
      .limit(limit);
  }

  async accounts(): Promise<SandboxAccount[]> {
    return this.db.select().from(sandboxAccounts).orderBy(asc(sandboxAccounts.instanceId));
  }
}
