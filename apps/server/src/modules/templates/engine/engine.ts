import type { EventKind } from '@salon/contract/templates-rules';
import type { Clock } from '../../../platform/clock.js';
import type { Logger } from '../../../platform/logger.js';
import type { Outbox, OutboxWriter } from '../../../channels/dispatch/outbox.js';
import type { CrmClient, CrmRecord } from '../../../crm/crm.js';
import type { RecordChange } from '../../../crm/processor.js';
import type { CrmRepository } from '../../../crm/repository.js';
import type { ActiveTemplate, BranchTemplates, EngineRepository, SendRow } from './engine-repository.js';
import type { ConsentLedger } from './consent-ledger.js';
import { mismatch } from './match.js';
import { render } from '../../../platform/text/render.js';
import { birthdayVariables, recordVariables } from './variables.js';
import {
  linkKindsIn,
  loyaltyKeysIn,
  optInValues,
  type LoyaltyVariables,
  type OptInLinks,
  type RecordLinks,
} from '../../../crm/record-variables.js';
import { birthdayTarget, recordSendTime, type Planned } from './timing.js';

export interface EngineDeps {
  repo: EngineRepository;
  crm: CrmRepository;
  // The consents module's list: consent templates ask only clients who have not answered.
  consents: ConsentLedger;
  outbox: Outbox;
  clock: Clock;
  logger: Logger;
  // {review_link} and {tips_link}: the short links the reviews module serves (runtime.ts composes it).
  links?: RecordLinks;
  // {partner_link} (templates that offer a loyalty action), {bonus_add} and {bonus_withdraw}.
  loyalty?: LoyaltyVariables;
  // {max_link} and {tg_bot_link}: the client's invite to the branch's bots (the channels' opt-in).
  optInLinks?: OptInLinks;
}

interface Recipient {
  recordId: string | null;
  clientId: string | null;
  phone: string;
  name: string;
}

const recipientOf = (record: CrmRecord): Recipient => ({
  recordId: record.id,
  clientId: record.clientId,
  phone: record.clientPhone,
  name: record.clientName,
});

interface Message {
  body: string;
  media: { fileName: string; contentType: string; path: string } | null;
}

const textsOf = (template: ActiveTemplate): string[] =>
  template.content.map((c) => (c.type === 'file' ? c.caption : c.body));

const DAY = 86_400_000;
// Records a template change may concern: offsets go up to 60 days (and a day for late follow-ups).
const REPLAN_WINDOW_MS = 62 * DAY;
const RECORD_CATEGORIES = new Set(['before_start', 'after_end', 'after_deletion', 'all_day_recs_notifications']);

// The template engine (ARCHITECTURE.md "How data flows" 2). For a record it works out the set of
// messages that should exist — one per matching time-based template, at its send time — and makes
// the outbox agree: new ones are enqueued under an idempotency key, moved ones rescheduled, ones
// that no longer apply cancelled. Event and consent templates fire on the event kinds the CRM
// inbox derived. Every step is idempotent, so a replayed event or a crash and retry changes nothing.
export class TemplateEngine {
  // Parsed active templates per branch, kept while the branch's templates stamp does not change.
  readonly #cache = new Map<number, { stamp: string; templates: ActiveTemplate[] }>();

  constructor(private readonly d: EngineDeps) {}

  private async branch(accId: number): Promise<BranchTemplates | null> {
    const facts = await this.d.repo.branchFacts(accId);
    if (!facts) return null;
    const stamp = await this.d.repo.templatesStamp(accId);
    let cached = this.#cache.get(accId);
    if (cached?.stamp !== stamp) {
      cached = { stamp, templates: await this.d.repo.activeTemplates(accId) };
      this.#cache.set(accId, cached);
    }
    return { ...facts, templates: cached.templates };
  }

  // The CRM inbox's listener.
  readonly recordChanged = async (change: RecordChange): Promise<void> => {
    if (!change.record) return;
    const branch = await this.branch(change.accId);
    if (!branch || branch.sendOutAccount || branch.templates.length === 0) return;
    const record = await this.withCategories(change.accId, change.record);
    const client = await this.clientOf(change.accId, record);
    await this.reconcileRecord(branch, record, client);
    await this.fireEvents(branch, record, client, change.eventId, change.kinds);
  };

  // After a template is saved, switched, copied or deleted: its pending messages are cancelled when
  // it no longer runs, and every record it may concern is planned again.
  async templateChanged(accId: number, templateId: number): Promise<void> {
    const branch = await this.d.repo.branchTemplates(accId, templateId);
    const template = branch?.templates[0];
    if (!branch || !template || branch.sendOutAccount) {
      await this.d.outbox.cancel(await this.d.repo.pendingOfTemplate(templateId), 'template_off');
      return;
    }
    if (template.category === 'happy_birthday') {
      await this.birthdays(branch);
      return;
    }
    if (!RECORD_CATEGORIES.has(template.category)) return;
    const now = this.d.clock.now();
    const records = await this.d.crm.recordsStarting(
      accId,
      new Date(now.getTime() - REPLAN_WINDOW_MS),
      new Date(now.getTime() + REPLAN_WINDOW_MS),
    );
    for (const stored of records) {
      const record = await this.withCategories(accId, stored);
      await this.reconcileRecord(branch, record, await this.clientOf(accId, record), templateId);
    }
  }

  private async clientOf(accId: number, record: CrmRecord): Promise<CrmClient | null> {
    if (record.clientId) {
      const client = await this.d.crm.client(accId, record.clientId);
      if (client) return client;
    }
    return record.clientPhone ? this.d.crm.clientByPhone(accId, record.clientPhone) : null;
  }

  // Fills in service categories the CRM left out, from the branch's service list.
  private async withCategories(accId: number, record: CrmRecord): Promise<CrmRecord> {
    const missing = record.services.filter((s) => s.categoryId === null).map((s) => s.id);
    if (missing.length === 0) return record;
    const known = await this.d.crm.serviceCategories(accId, missing);
    return {
      ...record,
      services: record.services.map((s) => (s.categoryId === null ? { ...s, categoryId: known.get(s.id) ?? null } : s)),
    };
  }

  private context(branch: BranchTemplates, record: CrmRecord, client: CrmClient | null) {
    let lost: Promise<boolean> | undefined;
    return {
      record,
      client,
      exceptionMasters: branch.exceptionMasters,
      hasOtherFutureRecord: () =>
        (lost ??= this.d.crm.hasOtherFutureRecord(branch.accId, record.clientPhone, record.id, this.d.clock.now())),
    };
  }

  async reconcileRecord(
    branch: BranchTemplates,
    record: CrmRecord,
    client: CrmClient | null,
    onlyTemplate?: number,
  ): Promise<void> {
    const now = this.d.clock.now();
    const sends = await this.d.repo.sendsForRecord(branch.accId, record.id);
    const ctx = this.context(branch, record, client);
    const vars = recordVariables(record, client, branch);
    for (const template of branch.templates) {
      if (!RECORD_CATEGORIES.has(template.category)) continue;
      if (onlyTemplate !== undefined && template.id !== onlyTemplate) continue;
      const miss = await mismatch(template.settings, ctx);
      const plan = miss ? null : recordSendTime(template.settings, record, branch.timeZone, now);
      const mine = sends.filter((s) => s.templateId === template.id);
      await this.converge(branch, template, record, mine, plan, vars);
    }
    if (onlyTemplate === undefined) {
      // Messages of templates that were switched off or deleted since they were planned.
      const running = new Set(branch.templates.map((t) => t.id));
      const orphans = sends.filter((s) => s.status === 'pending' && !running.has(s.templateId));
      await this.d.outbox.cancel(
        orphans.map((s) => s.outboxId),
        'template_off',
      );
    }
  }

  // Makes the outbox hold exactly the planned messages of one template for one record, in one
  // transaction: the rows and the template's record of them (template_sends) commit together.
  private async converge(
    branch: BranchTemplates,
    template: ActiveTemplate,
    record: CrmRecord,
    mine: SendRow[],
    plan: Planned | null,
    vars: Record<string, string>,
  ): Promise<void> {
    const pending = mine.filter((s) => s.status === 'pending');
    const messages = plan
      ? await this.messages(branch.accId, template, await this.withLinks(branch.accId, template, record, vars))
      : [];
    if (!plan || messages.length === 0) {
      await this.d.outbox.cancel(
        pending.map((s) => s.outboxId),
        'no_longer_applies',
      );
      return;
    }
    await this.d.outbox.transaction(async (tx, outbox) => {
      const repo = this.d.repo.with(tx);
      const base = `tpl:${template.id}:rec:${record.id}:${plan.anchor}`;
      const used = new Set<number>();
      for (const [item, message] of messages.entries()) {
        const key = `${base}:${item}`;
        const existing = mine.find((s) => s.key === key);
        if (existing && existing.status !== 'pending' && existing.status !== 'cancelled') {
          used.add(existing.outboxId);
          continue; // already went out for this moment
        }
        const patch = { notBefore: plan.at, body: message.body, media: message.media, clientName: record.clientName };
        if (existing) {
          used.add(existing.outboxId);
          await outbox.reschedule(existing.outboxId, patch, { revive: existing.status === 'cancelled' });
          if (existing.version !== template.version) await repo.setSendVersion(existing.outboxId, template.version);
          continue;
        }
        // The same template's message for this record's old time: move it (a reschedule).
        const moved = pending.find((s) => s.item === item && !used.has(s.outboxId));
        if (moved && (await outbox.reschedule(moved.outboxId, { ...patch, idempotencyKey: key }))) {
          used.add(moved.outboxId);
          if (moved.version !== template.version) await repo.setSendVersion(moved.outboxId, template.version);
          continue;
        }
        const { id } = await this.enqueue(
          outbox,
          repo,
          branch.accId,
          template,
          item,
          message,
          key,
          plan.at,
          recipientOf(record),
        );
        used.add(id);
      }
      await outbox.cancel(
        pending.filter((s) => !used.has(s.outboxId)).map((s) => s.outboxId),
        'no_longer_applies',
      );
    });
  }

  // One planned message, inside the caller's outbox transaction: the outbox row under its
  // idempotency key, and which template, version, record and client it is for (how it is
  // rescheduled, cancelled and counted).
  private async enqueue(
    outbox: OutboxWriter,
    repo: EngineRepository,
    accId: number,
    template: ActiveTemplate,
    item: number,
    message: Message,
    key: string,
    at: Date,
    to: Recipient,
  ): Promise<{ id: number; created: boolean }> {
    const result = await outbox.enqueue({
      accId,
      idempotencyKey: key,
      source: 'template',
      sourceId: String(template.id),
      recipient: to.phone,
      clientName: to.name,
      body: message.body,
      media: message.media,
      channels: null,
      notBefore: at,
    });
    await repo.saveSend({
      outboxId: result.id,
      accId,
      templateId: template.id,
      version: template.version,
      item,
      recordId: to.recordId,
      clientId: to.clientId,
      clientPhone: to.phone,
      clientName: to.name,
      asksConfirmation: item === 0 && template.settings.confirm_record,
      createdAt: this.d.clock.now(),
    });
    return result;
  }

  // The short links of {review_link} and {tips_link}, the loyalty values and the opt-in links,
  // made only for a template that shows them.
  private async withLinks(
    accId: number,
    template: ActiveTemplate,
    record: CrmRecord,
    vars: Record<string, string>,
  ): Promise<Record<string, string>> {
    const links = this.d.links;
    if (!record.clientPhone) return vars;
    const texts = textsOf(template);
    const out = await this.withLoyalty(accId, template, record, texts, vars);
    Object.assign(out, await optInValues(this.d.optInLinks, accId, record.clientPhone, texts));
    if (!links) return out;
    for (const kind of linkKindsIn(texts)) {
      out[`${kind}_link`] = await links.linkFor({
        accId,
        kind,
        recordId: record.id,
        phone: record.clientPhone,
        templateId: template.id,
      });
    }
    return out;
  }

  // {partner_link} of the template's loyalty action for the record's client, and the bonuses the
  // record earned or lost, asked only when the texts show them.
  private async withLoyalty(
    accId: number,
    template: ActiveTemplate,
    record: CrmRecord,
    texts: readonly string[],
    vars: Record<string, string>,
  ): Promise<Record<string, string>> {
    const loyalty = this.d.loyalty;
    if (!loyalty) return { ...vars };
    const uses = loyaltyKeysIn(texts);
    const out = { ...vars };
    const actionId = template.settings.loyalty_action_id;
    if (uses.partnerLink && actionId) {
      out.partner_link = await loyalty.partnerLink({
        accId,
        actionId,
        phone: record.clientPhone,
        name: record.clientName,
      });
    }
    if (uses.bonuses) {
      const bonuses = await loyalty.recordBonuses(accId, record.id, record.clientPhone);
      out.bonus_add = String(bonuses.add);
      out.bonus_withdraw = String(bonuses.withdraw);
    }
    return out;
  }

  // The template's content items as messages: texts rendered, files with their rendered captions.
  private async messages(accId: number, template: ActiveTemplate, vars: Record<string, string>): Promise<Message[]> {
    const fileIds = template.content.filter((c) => c.type === 'file' && c.file_id).map((c) => c.file_id!);
    const stored = await this.d.repo.files(accId, fileIds);
    const out: Message[] = [];
    for (const item of template.content) {
      if (item.type === 'file') {
        const file = item.file_id ? stored.get(item.file_id) : undefined;
        if (!file) continue;
        out.push({
          body: render(item.caption, vars),
          media: { fileName: file.fileName, contentType: file.contentType, path: file.path },
        });
      } else {
        const body = render(item.body, vars);
        if (body) out.push({ body, media: null });
      }
    }
    return out;
  }

  // Event templates fire on the kinds this event implied; consent templates ask once per client.
  private async fireEvents(
    branch: BranchTemplates,
    record: CrmRecord,
    client: CrmClient | null,
    eventId: number,
    kinds: readonly EventKind[],
  ): Promise<void> {
    const ctx = this.context(branch, record, client);
    const vars = recordVariables(record, client, branch);
    const now = this.d.clock.now();
    for (const template of branch.templates) {
      const kind = template.settings.when_send2;
      let base: string | null = null;
      if (template.category === 'event' && kinds.includes(kind as EventKind)) {
        base = `tpl:${template.id}:ev:${eventId}:${String(kind)}`;
      } else if (template.category === 'consent') {
        const due =
          (kind === 'record_create_consent' && kinds.includes('record_create')) ||
          (kind === 'record_confirm_consent' && record.attendance === 2 && !record.deleted);
        if (!due) continue;
        const consent = await this.d.consents.consentOf(branch.accId, record.clientPhone);
        if (consent && consent.consent !== null) continue; // they already answered
        base = `tpl:${template.id}:consent:${record.clientPhone}`;
      }
      if (!base || (await mismatch(template.settings, ctx))) continue;
      const messages = await this.messages(
        branch.accId,
        template,
        await this.withLinks(branch.accId, template, record, vars),
      );
      if (messages.length === 0) continue;
      const key = base;
      await this.d.outbox.transaction(async (tx, outbox) => {
        const repo = this.d.repo.with(tx);
        for (const [item, message] of messages.entries()) {
          const { created } = await this.enqueue(
            outbox,
            repo,
            branch.accId,
            template,
            item,
            message,
            `${key}:${item}`,
            now,
            recipientOf(record),
          );
          if (created && item === 0 && template.category === 'consent') {
            await this.d.consents.with(tx).markAwaited(branch.accId, record.clientPhone, now);
          }
        }
      });
    }
  }

  // Birthday greetings for every branch that has a birthday template (run by the worker's timer).
  async birthdaySweep(): Promise<void> {
    for (const accId of await this.d.repo.branchesWithBirthdayTemplates()) {
      const branch = await this.branch(accId);
      if (branch && !branch.sendOutAccount) await this.birthdays(branch);
    }
  }

  private async birthdays(branch: BranchTemplates): Promise<void> {
    const now = this.d.clock.now();
    for (const template of branch.templates) {
      if (template.category !== 'happy_birthday') continue;
      const target = birthdayTarget(template.settings, now, branch.timeZone);
      if (!target) continue;
      const clients = await this.d.crm.clientsWithBirthday(branch.accId, [{ month: target.month, day: target.day }]);
      for (const client of clients) {
        if (!client.phone || template.settings.blacklist.includes(client.phone)) continue;
        if (!this.clientMatches(template, client)) continue;
        const vars = {
          ...birthdayVariables(client),
          ...(await optInValues(this.d.optInLinks, branch.accId, client.phone, textsOf(template))),
        };
        const messages = await this.messages(branch.accId, template, vars);
        if (messages.length === 0) continue;
        await this.d.outbox.transaction(async (tx, outbox) => {
          const repo = this.d.repo.with(tx);
          for (const [item, message] of messages.entries()) {
            await this.enqueue(
              outbox,
              repo,
              branch.accId,
              template,
              item,
              message,
              `tpl:${template.id}:bday:${client.id}:${target.year}:${item}`,
              target.at.getTime() > now.getTime() ? target.at : now,
              { recordId: null, clientId: client.id, phone: client.phone, name: client.name },
            );
          }
        });
      }
    }
  }

  // The client-level filters a birthday template can have (no record to match against).
  private clientMatches(template: ActiveTemplate, client: CrmClient): boolean {
    const s = template.settings;
    if (s.client_category.length > 0 && !client.categories.some((c) => s.client_category.includes(c))) return false;
    const [from, to] = s.visits;
    if (from !== null && client.successVisits < from) return false;
    if (to !== null && client.successVisits > to) return false;
    return true;
  }
}
