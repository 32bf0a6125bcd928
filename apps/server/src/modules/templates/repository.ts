import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { copyTargets, type CopyTarget } from '../../platform/db/copy-targets.js';
import type { Db } from '../../platform/db/client.js';
import { branches } from '../../platform/db/schema.js';
import { templates, templateVersions } from './schema.js';

export type TemplateRow = typeof templates.$inferSelect;
export type VersionRow = typeof templateVersions.$inferSelect;
export type TemplateKindValue = 'tm' | 'em';

// What a template is made of when it is written: the row's fields and the text of its version.
export interface TemplateDraft {
  kind: TemplateKindValue;
  category: string;
  title: string;
  active: boolean;
  settings: unknown;
}
export interface VersionDraft {
  content: unknown;
  textSms: string;
}

export interface BranchFacts {
  sendOutAccount: boolean;
  timeZone: string;
}

// SQL of templates and their versions. No rules here: the service decides what to write.
export class TemplatesRepository {
  constructor(private readonly db: Db) {}

  // How many templates each branch has (deleted ones, kept for their statistics, do not count).
  async countsByBranch(accIds: readonly number[]): Promise<Map<number, number>> {
    if (accIds.length === 0) return new Map();
    const rows = await this.db
      .select({ accId: templates.accId, count: sql<number>`count(*)::int` })
      .from(templates)
      .where(and(inArray(templates.accId, [...accIds]), isNull(templates.deletedAt)))
      .groupBy(templates.accId);
    return new Map(rows.map((r) => [r.accId, Number(r.count)]));
  }

  async branch(accId: number): Promise<BranchFacts | null> {
    const [row] = await this.db
      .select({ sendOutAccount: branches.sendOutAccount, timeZone: branches.timeZone })
      .from(branches)
      .where(eq(branches.accId, accId));
    return row ?? null;
  }

  // Live templates of a branch in list order.
  async list(accId: number): Promise<TemplateRow[]> {
    return this.db
      .select()
      .from(templates)
      .where(and(eq(templates.accId, accId), isNull(templates.deletedAt)))
      .orderBy(asc(templates.kind), asc(templates.position), asc(templates.id));
  }

  // Every template the branch ever had, deleted ones too (statistics keep them).
  async listWithDeleted(accId: number): Promise<TemplateRow[]> {
    return this.db
      .select()
      .from(templates)
      .where(eq(templates.accId, accId))
      .orderBy(asc(templates.kind), asc(templates.position), asc(templates.id));
  }

  async find(accId: number, id: number, withDeleted = false): Promise<TemplateRow | null> {
    const [row] = await this.db
      .select()
      .from(templates)
      .where(
        and(eq(templates.id, id), eq(templates.accId, accId), withDeleted ? undefined : isNull(templates.deletedAt)),
      );
    return row ?? null;
  }

  async version(templateId: number, version: number): Promise<VersionRow | null> {
    const [row] = await this.db
      .select()
      .from(templateVersions)
      .where(and(eq(templateVersions.templateId, templateId), eq(templateVersions.version, version)));
    return row ?? null;
  }

  async versions(templateId: number): Promise<VersionRow[]> {
    return this.db
      .select()
      .from(templateVersions)
      .where(eq(templateVersions.templateId, templateId))
      .orderBy(asc(templateVersions.version));
  }

  // A new template at the end of its kind's list, with version 1.
  async create(accId: number, draft: TemplateDraft, text: VersionDraft, now: Date, db: Db = this.db): Promise<number> {
    const run = async (tx: Db) => {
      const [row] = await tx
        .insert(templates)
        .values({
          accId,
          ...draft,
          position: sql`(select coalesce(max(${templates.position}) + 1, 0) from ${templates}
            where ${templates.accId} = ${accId} and ${templates.kind} = ${draft.kind})`,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: templates.id });
      await tx.insert(templateVersions).values({ templateId: row!.id, version: 1, ...text, createdAt: now });
      return row!.id;
    };
    return db === this.db ? this.db.transaction(run) : run(db);
  }

  async createMany(items: { accId: number; draft: TemplateDraft; text: VersionDraft }[], now: Date): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const item of items) ids.push(await this.create(item.accId, item.draft, item.text, now, tx));
      return ids;
    });
  }

  // Writes the row; with a new text, bumps the version (under the row's lock, so two saves never
  // make the same version) and stores it. A kind change moves it to the end of the other list.
  // Returns the version the template has afterwards, or null if it is gone.
  async update(
    accId: number,
    id: number,
    draft: TemplateDraft,
    text: VersionDraft | null,
    now: Date,
  ): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ kind: templates.kind })
        .from(templates)
        .where(and(eq(templates.id, id), eq(templates.accId, accId), isNull(templates.deletedAt)))
        .for('update');
      if (!current) return null;
      const [row] = await tx
        .update(templates)
        .set({
          ...draft,
          updatedAt: now,
          ...(text ? { version: sql`${templates.version} + 1` } : {}),
          ...(current.kind !== draft.kind
            ? {
                position: sql`(select coalesce(max(t2.position) + 1, 0) from ${templates} t2
                  where t2.acc_id = ${accId} and t2.kind = ${draft.kind})`,
              }
            : {}),
        })
        .where(eq(templates.id, id))
        .returning({ version: templates.version });
      if (text)
        await tx.insert(templateVersions).values({ templateId: id, version: row!.version, ...text, createdAt: now });
      return row!.version;
    });
  }

  // Positions follow the given order; templates of the kind not named keep their order after them.
  async reorder(accId: number, kind: TemplateKindValue, ids: readonly number[], now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: templates.id })
        .from(templates)
        .where(and(eq(templates.accId, accId), eq(templates.kind, kind), isNull(templates.deletedAt)))
        .orderBy(asc(templates.position), asc(templates.id))
        .for('update');
      const named = new Set(ids);
      const order = [...ids, ...rows.map((r) => r.id).filter((id) => !named.has(id))];
      if (order.length === 0) return;
      const cases = sql.join(
        order.map((id, position) => sql`when ${id}::int then ${position}::int`),
        sql` `,
      );
      await tx
        .update(templates)
        .set({ position: sql`case ${templates.id} ${cases} end`, updatedAt: now })
        .where(and(eq(templates.accId, accId), inArray(templates.id, order)));
    });
  }

  // Ids among these that are live templates of the branch and kind.
  async idsOfKind(accId: number, kind: TemplateKindValue, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: templates.id })
      .from(templates)
      .where(
        and(
          eq(templates.accId, accId),
          eq(templates.kind, kind),
          isNull(templates.deletedAt),
          inArray(templates.id, [...ids]),
        ),
      );
    return rows.map((r) => r.id);
  }

  async setActive(accId: number, id: number, active: boolean, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(templates)
      .set({ active, updatedAt: now })
      .where(and(eq(templates.id, id), eq(templates.accId, accId), isNull(templates.deletedAt)))
      .returning({ id: templates.id });
    return rows.length > 0;
  }

  // Soft delete: the row, its versions and its sends stay for the statistics.
  async softDelete(accId: number, id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(templates)
      .set({ active: false, deletedAt: now, updatedAt: now })
      .where(and(eq(templates.id, id), eq(templates.accId, accId), isNull(templates.deletedAt)))
      .returning({ id: templates.id });
    return rows.length > 0;
  }

  copyTargets(userId: number, accIds: readonly number[]): Promise<CopyTarget[]> {
    return copyTargets(this.db, userId, accIds);
  }
}
