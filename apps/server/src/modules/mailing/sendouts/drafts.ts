import { randomBytes } from 'node:crypto';
import { CLIENT_LIST_STATUS } from '@salon/contract/mailing-clients';
import { DEFAULT_BETWEEN_TIME } from '@salon/contract/mailing-plan-rules';
import type { ParsedClientFile, SendoutDraftResponse } from '@salon/contract/mailing-sendouts';
import type { Clock } from '../../../platform/clock.js';
import { AppError, errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { CalendarContexts } from '../calendar/context.js';
import { allowedToRun } from '../plan/calendar.js';
import { parsePlanFields } from '../plan/parse-summary.js';
import type { DraftInput, DraftMaker, DraftRecipient } from './draft-input.js';
import type { DraftRepository } from './draft-repository.js';

// The message's values for one recipient: the list's other keys, then name and phone.
function sampleOf(r: Pick<DraftRecipient, 'name' | 'phone' | 'vars'> | undefined): Record<string, string> | null {
  return r ? { ...r.vars, name: r.name, phone: r.phone } : null;
}

// Ours: a draft nobody launched within a day is dropped with its recipients.
export const DRAFT_TTL_MS = 24 * 3_600_000;

export function newSendoutId(): string {
  return `so_${randomBytes(12).toString('base64url')}`;
}

export interface SendoutDraftsDeps {
  repo: DraftRepository;
  contexts: CalendarContexts;
  clock: Clock;
  logger: Logger;
}

// The DraftMaker every client source (an uploaded list, a CRM segment) hands its recipients to:
// the draft send-out is written, and the parse answer (SPEC 3 Parsed client file) built from it.
export class SendoutDrafts implements DraftMaker {
  constructor(private readonly d: SendoutDraftsDeps) {}

  async createDraft(input: DraftInput): Promise<ParsedClientFile> {
    const count = input.recipients.length;
    // SPEC 8: no contacts is the "clients not found" callout, whatever the source.
    if (count === 0) throw new AppError(400, CLIENT_LIST_STATUS.noContacts, CLIENT_LIST_STATUS.noContacts);
    const now = this.d.clock.now();
    const branch = await this.d.contexts.forBranch(input.accId, now);
    const instance = branch.instances[0] ?? null;
    // SPEC 9 "a sendout's daily limit is the parsed batch length". Ours: the number's daily cap (the
    // governor's warm-up for its age), so a send-out is not planned faster than the dispatcher lets
    // it go; never above the list itself.
    const batchLen = Math.max(1, Math.min(branch.dailyQuota, count));
    const id = newSendoutId();
    const figures = await this.d.repo.insertDraft(
      {
        id,
        accId: input.accId,
        source: input.source,
        keys: input.keys,
        batchLen,
        betweenTime: DEFAULT_BETWEEN_TIME,
        instanceId: instance?.id ?? null,
        loyaltyActionId: input.loyaltyActionId ?? null,
        createdBy: input.createdBy ?? null,
      },
      input.recipients,
      now,
    );
    const candidate = { count, batchLen, betweenTime: DEFAULT_BETWEEN_TIME, instanceId: instance?.id ?? null };
    // The number's daily cap is the day's quota (quote_for_day, which the cabinet's calendar asks
    // with): the allowed start offered here is a day the calendar shows free.
    const context = { ...branch.plan, quoteForDay: branch.dailyQuota };
    const plan = parsePlanFields(candidate, context);
    const immediate = allowedToRun({ ...candidate, start: now, delay: false }, context).answer.allowed;
    this.d.logger.info({ accId: input.accId, sendoutId: id, count, source: input.source }, 'send-out draft made');
    return {
      keys: [...input.keys],
      count,
      duration: plan.duration,
      send_days: plan.send_days,
      sendout_id: id,
      instance_id: instance?.id ?? null,
      time_to_msk: plan.time_to_msk,
      visits_median: figures.visitsMedian,
      sendout_batch_len: plan.sendout_batch_len,
      last_visit_time_median: figures.lastVisitTimeMedian,
      consent: figures.consent,
      owner_phone: instance?.phone ?? null,
      allowed_start: plan.allowed_start,
      immediate_start: immediate,
      clients_without_records: figures.clientsWithoutRecords,
      between_time: DEFAULT_BETWEEN_TIME,
      quote_for_day: branch.dailyQuota,
      report: { ...input.report },
      sample: sampleOf(input.recipients[0]),
    };
  }

  // A draft the cabinet kept over a reload: still a draft of this branch, with its first recipient.
  async draft(accId: number, sendoutId: string): Promise<SendoutDraftResponse> {
    const first = await this.d.repo.firstRecipient(accId, sendoutId);
    if (!first) throw errors.notFound();
    return { ok: true, sendout_id: sendoutId, sample: sampleOf(first) };
  }

  // Drafts older than a day: the cabinet's parse answer is stale by then (the calendar moved on).
  purgeStaleDrafts(now: Date): Promise<number> {
    return this.d.repo.deleteDraftsBefore(new Date(now.getTime() - DRAFT_TTL_MS));
  }
}
