import { CLIENT_LIST_STATUS, MAX_CLIENT_LIST_ROWS } from '@salon/contract/mailing-clients';
import {
  SEGMENT_STATUS,
  SEGMENTS_PER_BRANCH_MAX,
  segmentFilters,
  type CreateSegmentQuery,
  type GetClientsFromYclBody,
  type SegmentFilters,
  type SegmentListResponse,
  type SegmentSavedResponse,
  type SegmentWire,
  type UpdateSegmentQuery,
} from '@salon/contract/mailing-segments';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { addDays, localDay, zonedToUtc } from '@salon/contract/zoned-time';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { DraftMaker } from '../sendouts/draft-input.js';
import type { CrmClientSource } from './crm-source.js';
import { planSearch, type SentCheck } from './filter-plan.js';
import { RecipientCollector } from './recipients.js';
import type { SegmentRow, SegmentsRepository } from './repository.js';

export interface SegmentsDeps {
  repo: SegmentsRepository;
  crm: CrmClientSource;
  blacklist: { list(accId: number): Promise<string[]> };
  drafts: DraftMaker;
  clock: Clock;
  logger: Logger;
  // Ours: the most clients one segment may bring (default: a client list's row limit).
  maxRecipients?: number;
}

export interface SegmentCaller {
  accId: number;
  userId: number;
}

const notFound = () => new AppError(404, SEGMENT_STATUS.notFound);

function toWire(row: SegmentRow): SegmentWire {
  // Stored filters were checked on the way in; reading them through the schema keeps the answer
  // to the contract even if an old row lacks a field added since.
  const filters = segmentFilters.safeParse(row.filters);
  return {
    segment_id: row.id,
    segment_name: row.name,
    segment_description: row.description,
    filters: filters.success ? filters.data : { operation: 'AND', conditions: [] },
    updated_at: row.updatedAt.toISOString(),
  };
}

// SPEC 3 Segment: a branch's saved CRM filters, and the clients they select from the branch's
// booking system handed to the send-out module as a draft (SPEC 7 /get_clients_from_ycl).
export class SegmentsService {
  constructor(private readonly d: SegmentsDeps) {}

  async list(accId: number): Promise<SegmentListResponse> {
    return { ok: true, data: (await this.d.repo.list(accId)).map(toWire) };
  }

  async create(
    caller: SegmentCaller,
    query: CreateSegmentQuery,
    filters: SegmentFilters,
  ): Promise<SegmentSavedResponse> {
    const row = await this.d.repo.create(
      { accId: caller.accId, name: query.segment_name, description: query.segment_description ?? '', filters },
      SEGMENTS_PER_BRANCH_MAX,
      this.d.clock.now(),
    );
    if (!row) throw new AppError(409, SEGMENT_STATUS.tooMany, String(SEGMENTS_PER_BRANCH_MAX));
    return { ok: true, status: SEGMENT_STATUS.added, data: toWire(row) };
  }

  // Another branch's segment is not found here (and stays as it is).
  async update(
    caller: SegmentCaller,
    query: UpdateSegmentQuery,
    filters: SegmentFilters,
  ): Promise<SegmentSavedResponse> {
    const row = await this.d.repo.update(
      caller.accId,
      query.segment_id,
      { name: query.segment_name, description: query.segment_description, filters },
      this.d.clock.now(),
    );
    if (!row) throw notFound();
    return { ok: true, status: SEGMENT_STATUS.updated, data: toWire(row) };
  }

  async remove(caller: SegmentCaller, segmentId: number): Promise<{ ok: true; status: string; segment_id: number }> {
    if (!(await this.d.repo.remove(caller.accId, segmentId))) throw notFound();
    return { ok: true, status: SEGMENT_STATUS.deleted, segment_id: segmentId };
  }

  // The branch's CRM clients the filters select, without duplicates, blacklisted or invalid
  // numbers (counted like a client list's rows), as a draft send-out; SPEC 8 'Нет контактов' when
  // none is left.
  async clientsFromCrm(caller: SegmentCaller, body: GetClientsFromYclBody): Promise<ParsedClientFile> {
    const { accId } = caller;
    const now = this.d.clock.now();
    const timeZone = await this.d.repo.timeZone(accId);
    const context = { today: localDay(now, timeZone), timeZone };
    const runs = planSearch(body.operation, body.filters);
    const sent = await this.sentPhones(
      accId,
      runs.flatMap((r) => r.checks),
      timeZone,
    );
    const maxRows = this.d.maxRecipients ?? MAX_CLIENT_LIST_ROWS;
    const collector = new RecipientCollector(new Set(await this.d.blacklist.list(accId)), maxRows);
    // A client an earlier search of an OR already took is not a row again.
    const taken = new Set<string>();
    for (const run of runs) {
      for await (const match of this.d.crm.search(accId, run.crm, context)) {
        if (taken.has(match.client.id)) continue;
        const phone = RecipientCollector.phoneOf(match);
        if (!run.checks.every((check) => passes(check, phone, sent))) continue;
        taken.add(match.client.id);
        if (!collector.add(match, phone)) {
          throw new AppError(413, CLIENT_LIST_STATUS.tooManyRows, CLIENT_LIST_STATUS.tooManyRows);
        }
      }
    }
    if (collector.recipients.length === 0) {
      throw new AppError(400, CLIENT_LIST_STATUS.noContacts, CLIENT_LIST_STATUS.noContacts);
    }
    this.d.logger.info({ accId, counts: collector.counts }, 'segment clients read from the CRM');
    return this.d.drafts.createDraft({
      accId,
      source: 'crm',
      keys: ['name', 'phone'],
      recipients: collector.recipients,
      report: collector.counts,
      loyaltyActionId: body.loyalty_action_id || null,
      createdBy: caller.userId,
    });
  }

  // The phones each check needs, read once per distinct check. Days are the branch's: a period
  // runs from the start of its first day to the end of its last.
  private async sentPhones(accId: number, checks: readonly SentCheck[], timeZone: string) {
    const sets = new Map<string, Set<string>>();
    for (const check of checks) {
      const key = checkKey(check);
      if (sets.has(key)) continue;
      if (check.kind === 'ever') {
        sets.set(key, await this.d.repo.phonesSentTo(accId));
        continue;
      }
      const start = (day: string) => {
        const [year, month, date] = day.split('-').map(Number) as [number, number, number];
        return { year, month, day: date, hour: 0, minute: 0 };
      };
      const from = zonedToUtc(start(check.from), timeZone);
      const to = zonedToUtc(addDays(start(check.to), 1), timeZone);
      sets.set(key, await this.d.repo.phonesSentTo(accId, { from, to }));
    }
    return sets;
  }
}

const checkKey = (check: SentCheck) => (check.kind === 'ever' ? 'ever' : `${check.from}/${check.to}`);

// An invalid phone never got a message.
function passes(check: SentCheck, phone: string | null, sent: Map<string, Set<string>>): boolean {
  const got = phone !== null && (sent.get(checkKey(check))?.has(phone) ?? false);
  return check.got ? got : !got;
}
