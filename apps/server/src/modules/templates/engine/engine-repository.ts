import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { templateSettings, type ContentItem, type TemplateSettings } from '@salon/contract/templates';
import type { TemplateCategory } from '@salon/contract/templates-rules';
import type { Executor } from '../../../platform/db/executor.js';
import { files } from '../../../platform/files/schema.js';
import { outbox } from '../../../channels/schema.js';
import { branches } from '../../../platform/db/schema.js';
import { sendingSettingsSql } from '../../settings/repository.js';
import { templateSends, templates, templateVersions } from '../schema.js';

export interface ActiveTemplate {
  id: number;
  category: TemplateCategory;
  settings: TemplateSettings;
  version: number;
  content: ContentItem[];
}

export interface BranchTemplates {
  accId: number;
  name: string;
  timeZone: string;
  currency: string;
  sendOutAccount: boolean;
  exceptionMasters: string[];
  templates: ActiveTemplate[];
}

export interface SendRow {
  outboxId: number;
  templateId: number;
  version: number;
  item: number;
  status: string;
  key: string;
  notBefore: Date;
}

export interface StoredFile {
  id: string;
  fileName: string;
  contentType: string;
  path: string;
}

// The engine's SQL: the branch's active templates with their current text, the messages already
// planned per record, and the questions (confirm, consent) a client's answer may refer to.
export class EngineRepository {
  constructor(private readonly db: Executor) {}

  // The same repository writing through a transaction (platform/db/executor.ts).
  with(tx: Executor): EngineRepository {
    return new EngineRepository(tx);
  }

  async branchFacts(accId: number): Promise<Omit<BranchTemplates, 'templates'> | null> {
    const [branch] = await this.db
      .select({
        name: branches.name,
        timeZone: branches.timeZone,
        currency: branches.currency,
        sendOutAccount: branches.sendOutAccount,
        exceptionMasters: sendingSettingsSql(sql`${branches.accId}`).exceptionMastersNames,
      })
      .from(branches)
      .where(eq(branches.accId, accId));
    return branch ? { accId, ...branch, exceptionMasters: branch.exceptionMasters ?? [] } : null;
  }

  // Changes whenever a template of the branch is added, edited, switched or deleted: the engine
  // keeps the parsed templates while it stays the same.
  async templatesStamp(accId: number): Promise<string> {
    const [row] = await this.db
      .select({
        stamp: sql<string>`coalesce(md5(string_agg(${templates.id}::text || ':' || ${templates.version}::text || ':' || ${templates.updatedAt}::text, ',' order by ${templates.id})), '')`,
      })
      .from(templates)
      .where(and(eq(templates.accId, accId), eq(templates.active, true), isNull(templates.deletedAt)));
    return row?.stamp ?? '';
  }

  async branchTemplates(accId: number, templateId?: number): Promise<BranchTemplates | null> {
    const branch = await this.branchFacts(accId);
    if (!branch) return null;
    return { ...branch, templates: await this.activeTemplates(accId, templateId) };
  }

  async activeTemplates(accId: number, templateId?: number): Promise<ActiveTemplate[]> {
    const rows = await this.db
      .select({
        id: templates.id,
        category: templates.category,
        settings: templates.settings,
        version: templates.version,
        content: templateVersions.content,
      })
      .from(templates)
      .innerJoin(
        templateVersions,
        and(eq(templateVersions.templateId, templates.id), eq(templateVersions.version, templates.version)),
      )
      .where(
        and(
          eq(templates.accId, accId),
          eq(templates.active, true),
          isNull(templates.deletedAt),
          templateId === undefined ? undefined : eq(templates.id, templateId),
        ),
      )
      .orderBy(templates.position, templates.id);
    const active: ActiveTemplate[] = [];
    for (const row of rows) {
      // A template whose stored settings no longer pass the contract is skipped, not guessed at.
      const settings = templateSettings.safeParse(row.settings);
      if (!settings.success) continue;
      active.push({
        id: row.id,
        category: row.category as TemplateCategory,
        settings: settings.data,
        version: row.version,
        content: row.content as ContentItem[],
      });
    }
    return active;
  }

  async sendsForRecord(accId: number, recordId: string): Promise<SendRow[]> {
    return this.db
      .select({
        outboxId: templateSends.outboxId,
        templateId: templateSends.templateId,
        version: templateSends.version,
        item: templateSends.item,
        status: outbox.status,
        key: outbox.idempotencyKey,
        notBefore: outbox.notBefore,
      })
      .from(templateSends)
      .innerJoin(outbox, eq(outbox.id, templateSends.outboxId))
      .where(and(eq(templateSends.accId, accId), eq(templateSends.recordId, recordId)));
  }

  async pendingOfTemplate(templateId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: templateSends.outboxId })
      .from(templateSends)
      .innerJoin(outbox, eq(outbox.id, templateSends.outboxId))
      .where(and(eq(templateSends.templateId, templateId), eq(outbox.status, 'pending')));
    return rows.map((r) => r.id);
  }

  async saveSend(row: typeof templateSends.$inferInsert): Promise<void> {
    await this.db
      .insert(templateSends)
      .values(row)
      .onConflictDoUpdate({ target: templateSends.outboxId, set: { version: row.version, item: row.item } });
  }

  async setSendVersion(outboxId: number, version: number): Promise<void> {
    await this.db.update(templateSends).set({ version }).where(eq(templateSends.outboxId, outboxId));
  }

  async files(accId: number, ids: string[]): Promise<Map<string, StoredFile>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: files.id, fileName: files.fileName, contentType: files.contentType, path: files.path })
      .from(files)
      .where(and(eq(files.accId, accId), inArray(files.id, ids)));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async branchesWithBirthdayTemplates(): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ accId: templates.accId })
      .from(templates)
      .where(and(eq(templates.category, 'happy_birthday'), eq(templates.active, true), isNull(templates.deletedAt)));
    return rows.map((r) => r.accId);
  }

  // The newest question of a category a client was sent since `since` (confirm or consent).
  async latestQuestion(
    accId: number,
    phone: string,
    since: Date,
    kind: 'confirm' | 'consent',
  ): Promise<{ outboxId: number; templateId: number; recordId: string | null; version: number } | null> {
    const [row] = await this.db
      .select({
        outboxId: templateSends.outboxId,
        templateId: templateSends.templateId,
        recordId: templateSends.recordId,
        version: templateSends.version,
      })
      .from(templateSends)
      .innerJoin(outbox, eq(outbox.id, templateSends.outboxId))
      .innerJoin(templates, eq(templates.id, templateSends.templateId))
      .where(
        and(
          eq(templateSends.accId, accId),
          eq(templateSends.clientPhone, phone),
          eq(templateSends.item, 0),
          inArray(outbox.status, ['sent', 'delivered', 'read']),
          gte(outbox.sentAt, since),
          kind === 'confirm' ? eq(templateSends.asksConfirmation, true) : eq(templates.category, 'consent'),
        ),
      )
      .orderBy(desc(outbox.sentAt))
      .limit(1);
    return row ?? null;
  }

  async templateText(templateId: number): Promise<{ settings: TemplateSettings } | null> {
    const [row] = await this.db
      .select({ settings: templates.settings })
      .from(templates)
      .where(eq(templates.id, templateId));
    if (!row) return null;
    const parsed = templateSettings.safeParse(row.settings);
    return parsed.success ? { settings: parsed.data } : null;
  }
}
