import type { Outbox } from '../../../channels/dispatch/outbox.js';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import type { Logger } from '../../../platform/logger.js';
import { optInKeysIn, optInValues, type LoyaltyVariables, type OptInLinks } from '../../../crm/record-variables.js';
import { renderFilled } from '../../../platform/text/render.js';
import type { SendoutMedia } from './media.js';
import { type DueRecipient, SendingRepository } from './sending-repository.js';

// Recipients are queued this long before their planned time, so a message is in the outbox (and
// its job waiting) when its moment comes even if passes run some seconds apart.
export const SENDOUT_LOOKAHEAD_MS = 2 * 60_000;
// At most this many recipients per send-out per pass: one pass never holds a send-out for long.
export const SENDOUT_BATCH = 500;
// A kick waits this long, so a burst of kicks makes one pass.
const KICK_DELAY_MS = 50;

// What send-outs use of the one outbox: their rows and their bookkeeping of them commit together.
export type TransactionalOutbox = Pick<Outbox, 'transaction'>;

// What the dispatcher reads of an outbox row's media (dispatcher.ts StoredMedia): the stored file's
// path with what the client sees of it. A send-out keeps exactly that (media.ts), so it is copied
// as is; a row without it sends the text alone.
export type OutboxMedia = Pick<SendoutMedia, 'fileName' | 'contentType' | 'path'>;

function outboxMedia(stored: unknown): OutboxMedia | null {
  if (!stored || typeof stored !== 'object') return null;
  const { fileName, contentType, path } = stored as Partial<SendoutMedia>;
  if (typeof path !== 'string' || typeof fileName !== 'string') return null;
  return { fileName, contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream', path };
}

// The message of one recipient: the send-out's text with {name}, {phone} and the list's other
// columns filled in; a key the recipient has no value for is left empty, never shown as "{key}".
// links: the recipient's own {partner_link} (a send-out offering a loyalty action), {max_link} and
// {tg_bot_link}; they win over a list column of the same name, as {name} and {phone} do.
export function sendoutBody(
  text: string,
  recipient: Pick<DueRecipient, 'name' | 'phone' | 'vars'>,
  links: Readonly<Record<string, string>> = {},
): string {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(recipient.vars)) values[key] = value == null ? '' : String(value);
  values.name = recipient.name;
  values.phone = recipient.phone;
  return renderFilled(text, { ...values, ...links });
}

export interface SendoutSenderOptions {
  db: Db;
  outbox: TransactionalOutbox;
  clock: Clock;
  logger: Logger;
  // The loyalty module's personal invite links (runtime.ts wires it).
  loyalty?: Pick<LoyaltyVariables, 'partnerLink'>;
  // The channels' opt-in links to the branch's bots (runtime.ts wires it).
  optInLinks?: OptInLinks;
}

export interface PassResult {
  started: number;
  queued: number;
  finished: number;
}

// Sends launched send-outs: starts the scheduled ones whose time has come, queues each started
// one's recipients shortly before their planned time through the dispatcher (which owns quiet
// hours, channel priority and pacing), and finishes a send-out once nothing of it is left to go out.
// Safe to run in any number of processes at once: a send-out is filled under a row lock that other
// passes skip, and every recipient has one outbox row under the key sendout:{id}:{position}.
export class SendoutSender {
  #kickTimer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(private readonly o: SendoutSenderOptions) {}

  // The passes of this process run one after another (a kicked pass, the sweep's, a caller's): a
  // pass that returns has filled every send-out it could lock, none skipped only because this same
  // process was filling it a moment earlier and had not committed yet. Other processes' passes are
  // kept apart by the send-out's row lock.
  pass(now?: Date): Promise<PassResult> {
    return this.serial(() => this.passNow(now ?? this.o.clock.now()));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = (this.#running ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#running = tail;
    void tail.finally(() => {
      if (this.#running === tail) this.#running = undefined;
    });
    return result;
  }

  private async passNow(now: Date): Promise<PassResult> {
    const repo = new SendingRepository(this.o.db);
    const started = await repo.startDue(now);
    let queued = 0;
    let finished = 0;
    const connected = new Map<number, boolean>();
    for (const sendout of await repo.started()) {
      // With no number connected the dispatcher would fail each message at once (no channel): the
      // send-out waits, queueing nothing, until a number is back; then its overdue recipients go.
      if (!connected.has(sendout.accId)) connected.set(sendout.accId, await repo.hasConnectedChannel(sendout.accId));
      if (!connected.get(sendout.accId)) continue;
      try {
        const links = await this.recipientLinks(sendout, now);
        const result = await this.fill(sendout, now, links);
        queued += result.queued;
        if (result.finished) finished += 1;
      } catch (err) {
        // One broken send-out must not hold up the others.
        this.o.logger.error({ err, sendout: sendout.id }, 'send-out pass failed');
      }
    }
    const held = await this.holdPaused();
    if (started.length || queued || finished || held) {
      this.o.logger.info({ started: started.length, queued, finished, held }, 'send-out pass');
    }
    return { started: started.length, queued, finished };
  }

  // Cancels rows of paused send-outs that went back to pending after the pause (a worker was sending
  // one and deferred it). Under the send-out's lock, so a resume in between is never undone; the
  // resume plans them again like every other cancelled row.
  private async holdPaused(): Promise<number> {
    let held = 0;
    for (const id of await new SendingRepository(this.o.db).pausedWithPending()) {
      held += await this.o.outbox.transaction(async (tx, outbox) => {
        const repo = new SendingRepository(tx);
        if (!(await repo.lockPaused(id))) return 0;
        return (await outbox.cancel(await repo.pendingOutbox(id), 'sendout_paused')).length;
      });
    }
    return held;
  }

  // Runs a pass soon (a send-out was started or resumed), after any pass this process is running.
  kick(): void {
    if (this.#kickTimer || this.#stopped) return;
    this.#kickTimer = setTimeout(() => {
      this.#kickTimer = undefined;
      this.pass().catch((err: unknown) => this.o.logger.error({ err }, 'kicked send-out pass failed'));
    }, KICK_DELAY_MS);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#kickTimer) clearTimeout(this.#kickTimer);
    this.#kickTimer = undefined;
    await this.#running;
  }

  // The links of the recipients this pass will queue, made before the send-out is locked (making
  // one writes its invite row): {partner_link} when the send-out offers a loyalty action, the
  // opt-in links when its text shows them. null: the send-out needs none.
  private async recipientLinks(
    sendout: { id: string; accId: number; loyaltyActionId: string | null; text: string },
    now: Date,
  ): Promise<Map<string, Record<string, string>> | null> {
    const actionId = Number(sendout.loyaltyActionId);
    const offers = !!sendout.loyaltyActionId && Number.isInteger(actionId) && actionId > 0;
    const texts = [sendout.text];
    if (!offers && optInKeysIn(texts).length === 0) return null;
    const links = new Map<string, Record<string, string>>();
    const loyalty = this.o.loyalty;
    const due = await new SendingRepository(this.o.db).due(
      sendout.id,
      new Date(now.getTime() + SENDOUT_LOOKAHEAD_MS),
      SENDOUT_BATCH,
    );
    for (const r of due) {
      if (links.has(r.phone)) continue;
      const values: Record<string, string> = await optInValues(this.o.optInLinks, sendout.accId, r.phone, texts);
      if (offers) {
        values.partner_link = loyalty
          ? await loyalty.partnerLink({ accId: sendout.accId, actionId, phone: r.phone, name: r.name })
          : '';
      }
      links.set(r.phone, values);
    }
    return links;
  }

  private async fill(
    sendout: { id: string; accId: number; media: unknown },
    now: Date,
    links: Map<string, Record<string, string>> | null = null,
  ): Promise<{ queued: number; finished: boolean }> {
    const media = outboxMedia(sendout.media);
    return this.o.outbox.transaction(async (tx, outbox) => {
      const repo = new SendingRepository(tx);
      const locked = await repo.lockStarted(sendout.id);
      if (!locked) return { queued: 0, finished: false };
      const due = await repo.due(sendout.id, new Date(now.getTime() + SENDOUT_LOOKAHEAD_MS), SENDOUT_BATCH);
      const positions: number[] = [];
      const ids: number[] = [];
      const repeated: { id: number; notBefore: Date }[] = [];
      let queued = 0;
      for (const recipient of due) {
        const own = links?.get(recipient.phone);
        // Due only since the links were made (another pass moved on): it goes on the next pass.
        if (links && own === undefined) continue;
        queued += 1;
        const notBefore = recipient.plannedAt ?? now;
        const { id, created } = await outbox.enqueue({
          accId: locked.accId,
          idempotencyKey: `sendout:${locked.id}:${recipient.position}`,
          source: 'sendout',
          sourceId: locked.id,
          recipient: recipient.phone,
          clientName: recipient.name || null,
          body: sendoutBody(locked.text, recipient, own),
          media,
          channels: null,
          notBefore,
        });
        positions.push(recipient.position);
        ids.push(id);
        if (!created) repeated.push({ id, notBefore });
      }
      // The key's row already existed: a resumed send-out's row that the pause cancelled goes out
      // again at its new time; a row that left (or is leaving) stays as it is.
      const statuses = await repo.outboxStatuses(repeated.map((r) => r.id));
      for (const row of repeated) {
        if (statuses.get(row.id) === 'cancelled') {
          await outbox.reschedule(row.id, { notBefore: row.notBefore }, { revive: true });
        }
      }
      await repo.recordQueued(locked.id, positions, ids);
      const finished = due.length < SENDOUT_BATCH && (await repo.finishIfDone(locked.id, now));
      return { queued, finished };
    });
  }
}
