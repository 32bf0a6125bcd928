import { allows } from '@salon/contract/rights';
import { STATUS } from '@salon/contract/status';
import {
  allowedVariables,
  COPY_TAGS,
  saveTemplateData,
  TEMPLATE_STATUS,
  TEMPLATE_TITLE_MAX,
  templateKind,
  unknownVariables,
  type TemplateInput,
  type TemplateKind,
  type TemplateListItem,
  type TemplateWire,
  type TEMPLATE_LIST_CATEGORIES,
} from '@salon/contract/templates';
import type { Clock } from '../../platform/clock.js';
import type { FileStore, StoredFile } from '../../platform/files/file-store.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { ReferenceItem } from '../../crm/crm.js';
import { readSettings, sameText, storedContent, toListItem, toTemplateWire, type StoredContentItem } from './mapper.js';
import type { TemplateDraft, TemplateRow, TemplatesRepository } from './repository.js';
import type { TemplateUpload } from './upload.js';

/** The engine's side of template changes: replan (or cancel) the template's messages. */
export interface TemplatePlanner {
  templateChanged(accId: number, templateId: number): Promise<void>;
}

/** The CRM reference lists (services, staff, ...) the filters choose from. */
export interface ReferenceLists {
  reference(accId: number, kind: (typeof TEMPLATE_LIST_CATEGORIES)[number]): Promise<ReferenceItem[]>;
}

export interface Caller {
  accId: number;
  rights: string[];
  userId: number;
}

export interface TemplatesDeps {
  repo: TemplatesRepository;
  files: FileStore;
  reference: ReferenceLists;
  planner: TemplatePlanner;
  clock: Clock;
  logger: Logger;
}

export const notFound = () => new AppError(404, TEMPLATE_STATUS.notFound);

type Issue = { path: string; code: string };

// SPEC 4 Template editing, SPEC 5 template rules and SPEC 6 template rights, on the server.
export class TemplatesService {
  constructor(private readonly d: TemplatesDeps) {}

  // Send-out-only branches have no templates (SPEC 6): every call on them is refused.
  async assertTemplatesBranch(accId: number): Promise<{ timeZone: string }> {
    const branch = await this.d.repo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    if (branch.sendOutAccount) throw errors.failRights('send_out_account');
    return { timeZone: branch.timeZone };
  }

  async list(caller: Caller, flags: { tm?: boolean; em?: boolean }): Promise<Record<TemplateKind, TemplateListItem[]>> {
    await this.assertTemplatesBranch(caller.accId);
    // `?tm`, `?em` or both choose the lists; neither asks for both.
    const both = !flags.tm && !flags.em;
    const rows = await this.d.repo.list(caller.accId);
    const now = this.d.clock.now();
    const of = (kind: TemplateKind) =>
      both || flags[kind] ? rows.filter((r) => r.kind === kind).map((r) => toListItem(r, now)) : [];
    return { tm: of('tm'), em: of('em') };
  }

  async get(caller: Caller, id: number): Promise<TemplateWire> {
    await this.assertTemplatesBranch(caller.accId);
    const row = await this.live(caller.accId, id);
    const version = await this.d.repo.version(row.id, row.version);
    return toTemplateWire(row, version, allows(caller.rights, 'editTemplates'));
  }

  // POST /template. Everything is checked before anything is kept: a refused save leaves no file,
  // no row and no version behind.
  async save(
    caller: Caller,
    query: { new_template?: boolean | undefined },
    upload: TemplateUpload,
  ): Promise<{ id: number; version: number; created: boolean }> {
    await this.assertTemplatesBranch(caller.accId);
    const input = parseData(upload.data);
    checkVariables(input);
    const updating = input.id !== undefined && query.new_template !== true;
    const existing = updating ? await this.live(caller.accId, input.id!) : null;

    const content = await this.resolveContent(caller.accId, input, upload);
    const now = this.d.clock.now();
    const draft = toDraft(input);
    let id: number;
    let version: number;
    try {
      if (!existing) {
        const text = { content: content.items, textSms: input.text_sms };
        id = await this.d.repo.create(caller.accId, draft, text, now);
        version = 1;
      } else {
        const current = await this.d.repo.version(existing.id, existing.version);
        const changed =
          !current || !sameText(storedContent(current.content), current.textSms, content.items, input.text_sms);
        const saved = await this.d.repo.update(
          caller.accId,
          existing.id,
          draft,
          changed ? { content: content.items, textSms: input.text_sms } : null,
          now,
        );
        if (saved === null) throw notFound();
        id = existing.id;
        version = saved;
      }
    } catch (err) {
      await Promise.all(content.committed.map((f) => this.d.files.delete(caller.accId, f.id)));
      throw err;
    }
    await this.changed(caller.accId, id);
    return { id, version, created: !existing };
  }

  async reorder(caller: Caller, kind: TemplateKind, ids: number[]): Promise<void> {
    await this.assertTemplatesBranch(caller.accId);
    const unique = [...new Set(ids)];
    const found = await this.d.repo.idsOfKind(caller.accId, kind, unique);
    if (found.length !== unique.length) throw notFound();
    await this.d.repo.reorder(caller.accId, kind, unique, this.d.clock.now());
  }

  async switch(caller: Caller, id: number, active: boolean): Promise<void> {
    await this.assertTemplatesBranch(caller.accId);
    if (!(await this.d.repo.setActive(caller.accId, id, active, this.d.clock.now()))) throw notFound();
    await this.changed(caller.accId, id);
  }

  async delete(caller: Caller, id: number): Promise<void> {
    await this.assertTemplatesBranch(caller.accId);
    if (!(await this.d.repo.softDelete(caller.accId, id, this.d.clock.now()))) throw notFound();
    await this.changed(caller.accId, id);
  }

  // SPEC 4: a copy is inactive and its title carries the copy tag. Files are shared within a branch.
  async copy(caller: Caller, id: number, lang: keyof typeof COPY_TAGS = 'ru'): Promise<number> {
    await this.assertTemplatesBranch(caller.accId);
    const row = await this.live(caller.accId, id);
    const version = await this.d.repo.version(row.id, row.version);
    const tag = COPY_TAGS[lang];
    const title = `${row.title.slice(0, TEMPLATE_TITLE_MAX - tag.length)}${tag}`;
    const copyId = await this.d.repo.create(
      caller.accId,
      { ...draftOf(row), title, active: false },
      { content: storedContent(version?.content), textSms: version?.textSms ?? '' },
      this.d.clock.now(),
    );
    await this.changed(caller.accId, copyId);
    return copyId;
  }

  // Copies into other branches, all or nothing: every target must be a templates branch where the
  // caller may edit templates. Files are copied into each branch (a file is read only by its own);
  // the loyalty action belongs to the source branch and is not carried over.
  async copyToBranches(caller: Caller, id: number, accIds: number[]): Promise<number> {
    await this.assertTemplatesBranch(caller.accId);
    const row = await this.live(caller.accId, id);
    const targetIds = [...new Set(accIds)];
    const targets = await this.d.repo.copyTargets(caller.userId, targetIds);
    const allowed = targets.filter(
      (t) => !t.sendOutAccount && t.memberActive && t.rights !== null && allows(t.rights, 'editTemplates'),
    );
    if (allowed.length !== targetIds.length) throw errors.failRights('acc_ids');

    const version = await this.d.repo.version(row.id, row.version);
    const items = storedContent(version?.content);
    const copied: StoredFile[] = [];
    try {
      const drafts = [];
      for (const accId of targetIds) {
        const content: StoredContentItem[] = [];
        for (const item of items) {
          if (item.type !== 'file' || !item.file_id || accId === caller.accId) {
            content.push(item);
            continue;
          }
          const file = await this.d.files.copy(caller.accId, item.file_id, accId);
          if (file) copied.push(file);
          content.push({ ...item, file_id: file?.id ?? null });
        }
        const base = draftOf(row);
        const settings = accId === caller.accId ? base.settings : { ...readSettings(row), loyalty_action_id: null };
        drafts.push({
          accId,
          draft: { ...base, settings, active: false },
          text: { content, textSms: version?.textSms ?? '' },
        });
      }
      const ids = await this.d.repo.createMany(drafts, this.d.clock.now());
      for (const [i, newId] of ids.entries()) await this.changed(drafts[i]!.accId, newId);
      return ids.length;
    } catch (err) {
      await Promise.all(copied.map((f) => this.d.files.delete(f.accId, f.id)));
      throw err;
    }
  }

  async categories(caller: Caller, category: (typeof TEMPLATE_LIST_CATEGORIES)[number]): Promise<ReferenceItem[]> {
    await this.assertTemplatesBranch(caller.accId);
    return this.d.reference.reference(caller.accId, category);
  }

  // A file attached to one of the branch's templates; another branch's id reads as not found.
  async file(caller: Caller, fileId: string): Promise<StoredFile> {
    await this.assertTemplatesBranch(caller.accId);
    const file = await this.d.files.open(caller.accId, fileId);
    if (!file) throw errors.notFound();
    return file;
  }

  // Templates of the branch, deleted ones too (statistics keep them).
  async forStats(accId: number, id: number): Promise<TemplateRow> {
    const row = await this.d.repo.find(accId, id, true);
    if (!row) throw notFound();
    return row;
  }

  private async live(accId: number, id: number): Promise<TemplateRow> {
    const row = await this.d.repo.find(accId, id);
    if (!row) throw notFound();
    return row;
  }

  // The content items as they will be stored: new files are committed here (after every check
  // passed), kept ones must be files of this branch.
  private async resolveContent(
    accId: number,
    input: TemplateInput,
    upload: TemplateUpload,
  ): Promise<{ items: StoredContentItem[]; committed: StoredFile[] }> {
    const issues: Issue[] = [];
    const kept = await this.d.files.openMany(
      accId,
      input.content.flatMap((c) => (c.type === 'file' && c.file_id ? [c.file_id] : [])),
    );
    const plan = input.content.map((item, i) => {
      if (item.type === 'text') return { item, upload: null, keep: null };
      const uploaded = item.name_field_file ? upload.files.get(item.name_field_file) : undefined;
      if (uploaded) return { item, upload: uploaded, keep: null };
      if (item.name_field_file) issues.push({ path: `content.${i}.name_field_file`, code: 'file_missing' });
      else if (!item.file_id) issues.push({ path: `content.${i}.file_id`, code: 'file_required' });
      else if (!kept.has(item.file_id)) issues.push({ path: `content.${i}.file_id`, code: 'file_not_found' });
      return { item, upload: null, keep: item.file_id ? (kept.get(item.file_id) ?? null) : null };
    });
    if (issues.length > 0) throw errors.invalid(STATUS.badRequest, issues);

    const committed: StoredFile[] = [];
    const items: StoredContentItem[] = [];
    try {
      for (const { item, upload: uploaded, keep } of plan) {
        if (item.type === 'text') {
          items.push({
            type: 'text',
            body: item.body,
            caption: '',
            file_id: null,
            file_name: null,
            content_type: null,
          });
          continue;
        }
        let file = keep;
        if (uploaded) {
          file = await this.d.files.commit(accId, uploaded.staged, uploaded.contentType);
          committed.push(file);
        }
        items.push({
          type: 'file',
          body: item.body,
          caption: item.caption,
          file_id: file!.id,
          file_name: file!.fileName,
          content_type: file!.contentType,
        });
      }
    } catch (err) {
      await Promise.all(committed.map((f) => this.d.files.delete(accId, f.id)));
      throw err;
    }
    return { items, committed };
  }

  private async changed(accId: number, templateId: number): Promise<void> {
    try {
      await this.d.planner.templateChanged(accId, templateId);
    } catch (err) {
      // The change is stored; the engine's own sweep replans what this call could not.
      this.d.logger.error({ err, accId, templateId }, 'template replanning failed');
    }
  }
}

function parseData(data: string | undefined) {
  if (data === undefined)
    throw errors.invalid(TEMPLATE_STATUS.testFieldsParseError, [{ path: 'data', code: 'required' }]);
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw errors.invalid(TEMPLATE_STATUS.testFieldsParseError, [{ path: 'data', code: 'invalid_json' }]);
  }
  const parsed = saveTemplateData.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: ['data', ...i.path].join('.'), code: i.message }));
    const status = issues.some((i) => i.code === 'no_cancel_text') ? TEMPLATE_STATUS.noCancelText : STATUS.badRequest;
    throw errors.invalid(status, issues);
  }
  return parsed.data;
}

// SPEC 8 'Некорректные ключи в сообщении': every text the client may receive uses only the
// variables of the template's category; `detail` lists the keys that are not.
function checkVariables(input: TemplateInput): void {
  const allowed = allowedVariables(input.settings.when_send, input.settings.loyalty_action_id !== null);
  const texts: [string, string][] = [
    ...input.content.flatMap((c, i): [string, string][] => [
      [`content.${i}.body`, c.body],
      [`content.${i}.caption`, c.caption],
    ]),
    ['text_sms', input.text_sms],
    ['settings.send_confirm', input.settings.send_confirm],
    ['settings.text_cancel', input.settings.text_cancel],
  ];
  const bad = new Set<string>();
  const issues: Issue[] = [];
  for (const [path, text] of texts) {
    const keys = unknownVariables(text, allowed);
    if (keys.length === 0) continue;
    keys.forEach((k) => bad.add(k));
    issues.push({ path, code: 'unknown_variable' });
  }
  if (bad.size > 0) throw errors.invalid(STATUS.badKeys, issues, [...bad].join(', '));
}

function toDraft(input: TemplateInput): TemplateDraft {
  return {
    kind: templateKind(input.settings.when_send),
    category: input.settings.when_send,
    title: input.title,
    active: input.active,
    settings: input.settings,
  };
}

function draftOf(row: TemplateRow): TemplateDraft {
  return {
    kind: row.kind as TemplateKind,
    category: row.category,
    title: row.title,
    active: row.active,
    settings: row.settings,
  };
}
