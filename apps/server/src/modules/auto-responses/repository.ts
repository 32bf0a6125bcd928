import { and, asc, count, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor.js';
import { autoResponseSettings, keyPhraseAnswers, keyPhrases, type KeyPhraseMedia } from './schema.js';

export type KeyPhraseRow = typeof keyPhrases.$inferSelect;

export interface KeyPhraseValues {
  active: boolean;
  type: string;
  reply: string;
  words: string[];
  media: KeyPhraseMedia | null;
}

export interface AutoResponseSettingsRow {
  periodHours: number;
  pauseMinutes: number;
}

// SQL of the key phrases, their answers and the branch's settings. No rules here.
export class AutoResponsesRepository {
  constructor(private readonly db: Executor) {}

  with(tx: Executor): AutoResponsesRepository {
    return new AutoResponsesRepository(tx);
  }

  list(accId: number): Promise<KeyPhraseRow[]> {
    return this.db.select().from(keyPhrases).where(eq(keyPhrases.accId, accId)).orderBy(asc(keyPhrases.id));
  }

  async get(accId: number, id: number): Promise<KeyPhraseRow | null> {
    const rows = await this.db
      .select()
      .from(keyPhrases)
      .where(and(eq(keyPhrases.accId, accId), eq(keyPhrases.id, id)));
    return rows[0] ?? null;
  }

  async count(accId: number): Promise<number> {
    const rows = await this.db.select({ n: count() }).from(keyPhrases).where(eq(keyPhrases.accId, accId));
    return rows[0]?.n ?? 0;
  }

  async insert(accId: number, values: KeyPhraseValues, now: Date): Promise<KeyPhraseRow> {
    const rows = await this.db
      .insert(keyPhrases)
      .values({ accId, ...values, createdAt: now, updatedAt: now })
      .returning();
    return rows[0]!;
  }

  async update(accId: number, id: number, values: KeyPhraseValues, now: Date): Promise<KeyPhraseRow | null> {
    const rows = await this.db
      .update(keyPhrases)
      .set({ ...values, updatedAt: now })
      .where(and(eq(keyPhrases.accId, accId), eq(keyPhrases.id, id)))
      .returning();
    return rows[0] ?? null;
  }

  async setActive(accId: number, id: number, active: boolean, now: Date): Promise<KeyPhraseRow | null> {
    const rows = await this.db
      .update(keyPhrases)
      .set({ active, updatedAt: now })
      .where(and(eq(keyPhrases.accId, accId), eq(keyPhrases.id, id)))
      .returning();
    return rows[0] ?? null;
  }

  async delete(accId: number, id: number): Promise<KeyPhraseRow | null> {
    const rows = await this.db
      .delete(keyPhrases)
      .where(and(eq(keyPhrases.accId, accId), eq(keyPhrases.id, id)))
      .returning();
    return rows[0] ?? null;
  }

  // The branch's switched-on phrases, the matcher's input.
  active(accId: number): Promise<KeyPhraseRow[]> {
    return this.db
      .select()
      .from(keyPhrases)
      .where(and(eq(keyPhrases.accId, accId), eq(keyPhrases.active, true)))
      .orderBy(asc(keyPhrases.id));
  }

  async settings(accId: number): Promise<AutoResponseSettingsRow | null> {
    const rows = await this.db
      .select({ periodHours: autoResponseSettings.periodHours, pauseMinutes: autoResponseSettings.pauseMinutes })
      .from(autoResponseSettings)
      .where(eq(autoResponseSettings.accId, accId));
    return rows[0] ?? null;
  }

  async saveSettings(accId: number, settings: AutoResponseSettingsRow, now: Date): Promise<void> {
    await this.db
      .insert(autoResponseSettings)
      .values({ accId, ...settings, updatedAt: now })
      .onConflictDoUpdate({ target: autoResponseSettings.accId, set: { ...settings, updatedAt: now } });
  }

  // Takes the phrase's turn with the client: true when it has not answered them since `since`
  // (then the answer is recorded as given `now`). One statement on the (phrase, client) row, so two
  // messages at once cannot both take it: the second waits for the first's commit and finds it taken.
  async claimAnswer(answer: { keyPhraseId: number; accId: number; phone: string; now: Date; since: Date }) {
    const rows = await this.db
      .insert(keyPhraseAnswers)
      .values({
        keyPhraseId: answer.keyPhraseId,
        accId: answer.accId,
        phone: answer.phone,
        answeredAt: answer.now,
        outboxId: 0,
      })
      .onConflictDoUpdate({
        target: [keyPhraseAnswers.keyPhraseId, keyPhraseAnswers.phone],
        set: { answeredAt: answer.now, outboxId: 0 },
        setWhere: lte(keyPhraseAnswers.answeredAt, answer.since),
      })
      .returning({ id: keyPhraseAnswers.keyPhraseId });
    return rows.length > 0;
  }

  // The outbox row that carries the answer just claimed.
  async linkAnswer(keyPhraseId: number, phone: string, outboxId: number): Promise<void> {
    await this.db
      .update(keyPhraseAnswers)
      .set({ outboxId })
      .where(and(eq(keyPhraseAnswers.keyPhraseId, keyPhraseId), eq(keyPhraseAnswers.phone, phone)));
  }
}
