import { chatMessages } from '../../channels/chat-log/schema.js';
import { outbox } from '../../channels/schema.js';
import { crmRecords } from '../../crm/schema.js';
import type { Db } from '../../platform/db/client.js';
import { sendoutRecipients, sendouts } from '../../modules/mailing/schema.js';
import type { DbKind } from '../databases.js';
import { startMailingHostApp, type MailingHostApp } from '../mailing-host-app.js';
import type { SendoutAttribution } from '../../modules/mailing/stats/attribution.js';
import { createSendoutStats } from '../../modules/mailing/stats/stats-part.js';

export type StatsTestApp = MailingHostApp & { attribution: SendoutAttribution; fixture: StatsFixture };

// The real server on a real database (startTestApp: migrations, demo seed, login), with the stats
// part the mailing module composes built by its own factory and mounted on the mailing host.
export function startStatsTestApp(kind: DbKind): Promise<StatsTestApp> {
  return startMailingHostApp(kind, ({ base, bot, logger }) => {
    const db = base.runtime.database.db;
    const { attribution, routes } = createSendoutStats({ db, botFiles: bot, clock: base.clock, logger });
    return { routes, attribution, fixture: new StatsFixture(db) };
  });
}

// Rows the statistics read, written straight into the tables: the stats own no send-out routes, and
// their tests need send-outs, messages, answers and bookings at exact instants.

export interface SendoutSeed {
  id: string;
  accId: number;
  text?: string;
  status?: 'draft' | 'planned' | 'started' | 'paused' | 'finished';
  startedAt?: string | null;
  finishedAt?: string | null;
  stopped?: boolean;
  visitsMedian?: number | null;
  lastVisitTimeMedian?: number | null;
  count?: number;
}

export interface RecipientSeed {
  sendoutId: string;
  accId: number;
  position: number;
  phone: string;
  name?: string;
  // The recipient's outbox row; absent: not queued yet.
  message?: { status: string; sentAt?: string | null; readAt?: string | null };
}

let keySeq = 0;
let recordSeq = 0;

export class StatsFixture {
  constructor(private readonly db: Db) {}

  async sendout(s: SendoutSeed): Promise<void> {
    const created = new Date(s.startedAt ?? '2026-01-01T00:00:00Z');
    await this.db.insert(sendouts).values({
      id: s.id,
      accId: s.accId,
      status: s.status ?? 'finished',
      source: 'xlsx',
      text: s.text ?? `Рассылка ${s.id}`,
      keys: ['name', 'phone'],
      parsedCount: s.count ?? 0,
      count: s.count ?? 0,
      batchLen: 100,
      betweenTime: 10,
      visitsMedian: s.visitsMedian ?? null,
      lastVisitTimeMedian: s.lastVisitTimeMedian ?? null,
      consentCounts: { consent_count: 0, neutral_count: 0, declined_count: 0, active_count: 0 },
      startedAt: s.startedAt === undefined || s.startedAt === null ? null : new Date(s.startedAt),
      finishedAt: s.finishedAt ? new Date(s.finishedAt) : null,
      stopped: s.stopped ?? false,
      createdAt: created,
      updatedAt: created,
    });
  }

  // The recipient and, when given, its outbox row (outbox_id set as the sender sets it).
  async recipient(r: RecipientSeed): Promise<number | null> {
    let outboxId: number | null = null;
    if (r.message) {
      const at = new Date(r.message.sentAt ?? '2026-01-01T00:00:00Z');
      const [row] = await this.db
        .insert(outbox)
        .values({
          accId: r.accId,
          idempotencyKey: `stats-test:${r.sendoutId}:${r.position}:${++keySeq}`,
          source: 'sendout',
          sourceId: r.sendoutId,
          recipient: r.phone,
          clientName: r.name ?? '',
          body: 'text',
          notBefore: at,
          status: r.message.status,
          sentAt: r.message.sentAt ? new Date(r.message.sentAt) : null,
          readAt: r.message.readAt ? new Date(r.message.readAt) : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: outbox.id });
      outboxId = row!.id;
    }
    await this.db.insert(sendoutRecipients).values({
      sendoutId: r.sendoutId,
      position: r.position,
      accId: r.accId,
      phone: r.phone,
      name: r.name ?? '',
      outboxId,
    });
    return outboxId;
  }

  async message(
    accId: number,
    phone: string,
    at: string,
    direction: 'incoming' | 'outgoing' = 'incoming',
  ): Promise<void> {
    await this.db.insert(chatMessages).values({
      accId,
      channelKind: 'whatsapp',
      direction,
      phone,
      type: 'text',
      body: 'Да, запишите меня',
      at: new Date(at),
    });
  }

  async booking(
    accId: number,
    phone: string,
    createdAt: string,
    options: { cost?: number; services?: string[]; deleted?: boolean } = {},
  ): Promise<string> {
    const id = `stats-rec-${++recordSeq}`;
    const at = new Date(createdAt);
    await this.db.insert(crmRecords).values({
      accId,
      id,
      clientPhone: phone,
      clientName: 'Клиент',
      services: (options.services ?? ['Стрижка']).map((title, i) => ({
        id: String(i + 1),
        title,
        cost: 0,
        category_id: null,
        amount: 1,
      })),
      startsAt: new Date(at.getTime() + 86_400_000),
      lengthSec: 3600,
      deleted: options.deleted ?? false,
      cost: options.cost ?? 1000,
      createdAt: at,
      changedAt: at,
    });
    return id;
  }
}

export const hours = (from: string, h: number): string =>
  new Date(new Date(from).getTime() + h * 3_600_000).toISOString();
export const days = (from: string, d: number): string => hours(from, d * 24);
