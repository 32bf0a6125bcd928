import type { AgentSettings } from '@salon/contract/ai-agents';
import { addDays, localDay } from '@salon/contract/zoned-time';
import { parseLocalDate } from '@salon/contract/local-crm';
import {
  AiToolError,
  type AiTools,
  type KnowledgeHit,
  type RecordInfo,
  type ServiceInfo,
  type SlotInfo,
  type StaffInfo,
} from '../../../ai/llm.js';
import { SlotTaken, type CrmBranch, type CrmCatalogue, type CrmDriver, type CrmRecord } from '../../../crm/crm.js';
import type { CrmProcessor } from '../../../crm/processor.js';
import type { CrmRepository } from '../../../crm/repository.js';
import type { Clock } from '../../../platform/clock.js';
import type { Logger } from '../../../platform/logger.js';

export interface ToolsDeps {
  crm: CrmProcessor;
  crmRepo: CrmRepository;
  clock: Clock;
  logger: Logger;
  // The branch's knowledge files (modules/ai-admin/knowledge/search.ts).
  searchKnowledge(accId: number, query: string, limit: number): Promise<KnowledgeHit[]>;
}

// A booking action the bot took; written as an ai_events row for live conversations only.
export interface ToolEvent {
  kind: 'booked' | 'moved' | 'cancelled';
  recordId: string;
  revenue: number;
}

export interface ToolScope {
  accId: number;
  timeZone: string;
  settings: AgentSettings;
  client: { name: string; phone: string };
  // "Today" for the lookup interval (the test chat's pretend time, or the clock's).
  now: Date;
  // Called after each successful book / move / cancel (live conversations write ai_events).
  onEvent?: (event: ToolEvent) => Promise<void>;
  // The test chat: book / move / cancel check everything a real one does (booking allowed, the
  // service and master offered, the time free, the record the client's own) and answer as if done,
  // but write nothing to the salon's CRM.
  dryRun?: boolean | undefined;
}

const recordInfo = (r: CrmRecord): RecordInfo => {
  const services = r.services.map((s) => ({ id: s.id, title: s.title, cost: s.cost * (s.amount || 1) }));
  return {
    id: r.id,
    startsAt: r.startsAt,
    staffId: r.staffId,
    staffName: r.staffName,
    services,
    cost: services.reduce((sum, s) => sum + s.cost, 0),
  };
};

// The AI tools of one branch, scoped to one client (llm.ts AiTools) over the CRM port, without the
// agent's exceptions (masters, services, categories: CRM ids). Free slots are looked up from the
// branch's today up to `schedule_lookup_interval` days ahead (SPEC 3 scheduleLookupInterval: with the
// default 1 the client can ask for today and tomorrow). Booking, moving and cancelling need
// work_with_record, and move / cancel only touch this client's own upcoming records.
export function buildTools(deps: ToolsDeps, scope: ToolScope): AiTools {
  const s = scope.settings;
  const excludedStaff = new Set(s.masters_exceptions);
  const excludedServices = new Set(s.services_exceptions);
  const excludedCategories = new Set(s.categories_exceptions);
  let catalogue: Promise<CrmCatalogue> | undefined;
  let crm: Promise<{ driver: CrmDriver; branch: CrmBranch }> | undefined;

  const connect = () =>
    (crm ??= deps.crmRepo.connection(scope.accId).then((connection) => ({
      driver: deps.crm.driverOf(connection.kind),
      branch: deps.crm.branch(connection),
    })));
  // Any CRM failure but a taken slot is "the CRM did not answer" for the responder.
  const call = async <T>(what: string, work: (c: { driver: CrmDriver; branch: CrmBranch }) => Promise<T>) => {
    try {
      return await work(await connect());
    } catch (err) {
      if (err instanceof AiToolError) throw err;
      if (err instanceof SlotTaken) throw new AiToolError('slot_taken', err.message);
      deps.logger.warn({ err, accId: scope.accId, what }, 'AI tool: CRM call failed');
      throw new AiToolError('crm_unavailable', `${what} failed`);
    }
  };
  const loadCatalogue = () => {
    catalogue ??= call('catalogue', ({ driver, branch }) => driver.catalogue(branch));
    // A failed load is not cached: the next question tries again.
    catalogue.catch(() => (catalogue = undefined));
    return catalogue;
  };
  const allowedService = (svc: { id: string; categoryId: string | null }) =>
    !excludedServices.has(svc.id) && !(svc.categoryId !== null && excludedCategories.has(svc.categoryId));

  const services = async (): Promise<ServiceInfo[]> => {
    const c = await loadCatalogue();
    const categories = new Map(c.categories.map((cat) => [cat.id, cat.title]));
    return c.services.filter(allowedService).map((svc) => ({
      id: svc.id,
      title: svc.title,
      categoryId: svc.categoryId,
      categoryTitle: svc.categoryId === null ? null : (categories.get(svc.categoryId) ?? null),
      priceMin: svc.priceMin,
      priceMax: svc.priceMax,
      durationMin: Math.round(svc.durationSec / 60),
    }));
  };
  const staff = async (): Promise<StaffInfo[]> =>
    (await loadCatalogue()).staff
      .filter((m) => !excludedStaff.has(m.id))
      .map((m) => ({ id: m.id, name: m.name, specialization: m.specialization }));

  const assertService = async (serviceId: string) => {
    if (!(await services()).some((svc) => svc.id === serviceId)) throw new AiToolError('not_found', 'no such service');
  };
  const assertStaff = async (staffId: string) => {
    if (!(await staff()).some((m) => m.id === staffId)) throw new AiToolError('not_found', 'no such master');
  };
  const assertBooking = () => {
    if (!s.work_with_record) throw new AiToolError('booking_not_allowed', 'work_with_record is off');
  };
  const ownRecord = async (recordId: string): Promise<CrmRecord> => {
    const records = await call('clientRecords', ({ driver, branch }) =>
      driver.clientRecords(branch, scope.client.phone, scope.now),
    );
    const record = records.find((r) => r.id === recordId && !r.deleted);
    if (!record) throw new AiToolError('not_found', 'not an upcoming record of this client');
    return record;
  };
  const emit = async (event: ToolEvent) => {
    await scope.onEvent?.(event);
  };
  // What a dry run answers for a booking: the record it would have made, once the time is free.
  const wouldBook = async (input: { serviceId: string; staffId: string; startsAt: Date }): Promise<RecordInfo> => {
    const day = localDay(input.startsAt, scope.timeZone);
    const free = await tools.freeSlots({ day, serviceId: input.serviceId, staffId: input.staffId });
    if (!free.some((slot) => slot.startsAt.getTime() === input.startsAt.getTime())) {
      throw new AiToolError('slot_taken', 'the time is not free');
    }
    const service = (await services()).find((svc) => svc.id === input.serviceId)!;
    const master = (await staff()).find((m) => m.id === input.staffId)!;
    return {
      id: `test-${input.staffId}-${input.startsAt.getTime()}`,
      startsAt: input.startsAt,
      staffId: master.id,
      staffName: master.name,
      services: [{ id: service.id, title: service.title, cost: service.priceMin }],
      cost: service.priceMin,
    };
  };

  const tools: AiTools = {
    searchKnowledge: (query, limit) => deps.searchKnowledge(scope.accId, query, limit),
    services,
    staff,
    async freeSlots(query) {
      const day = parseLocalDate(query.day);
      if (!day) throw new AiToolError('invalid', 'day must be YYYY-MM-DD');
      const today = localDay(scope.now, scope.timeZone);
      const last = addDays(parseLocalDate(today)!, s.schedule_lookup_interval);
      const lastDay = `${last.year}-${String(last.month).padStart(2, '0')}-${String(last.day).padStart(2, '0')}`;
      if (query.day < today || query.day > lastDay) {
        throw new AiToolError('invalid', `outside the lookup interval ${today}…${lastDay}`);
      }
      if (query.serviceId !== undefined) await assertService(query.serviceId);
      if (query.staffId !== undefined) await assertStaff(query.staffId);
      const slots = await call('freeSlots', ({ driver, branch }) =>
        driver.freeSlots(branch, {
          day: query.day,
          timeZone: scope.timeZone,
          serviceId: query.serviceId,
          staffId: query.staffId,
        }),
      );
      return slots
        .filter((slot) => !excludedStaff.has(slot.staffId) && slot.startsAt.getTime() > scope.now.getTime())
        .map((slot): SlotInfo => ({ staffId: slot.staffId, staffName: slot.staffName, startsAt: slot.startsAt }));
    },
    async upcomingRecords() {
      const records = await call('clientRecords', ({ driver, branch }) =>
        driver.clientRecords(branch, scope.client.phone, scope.now),
      );
      return records.filter((r) => !r.deleted).map(recordInfo);
    },
    async book(input) {
      assertBooking();
      await assertService(input.serviceId);
      await assertStaff(input.staffId);
      if (scope.dryRun) return wouldBook(input);
      const record = await call('book', ({ driver, branch }) =>
        driver.book(branch, {
          client: scope.client,
          staffId: input.staffId,
          serviceIds: [input.serviceId],
          startsAt: input.startsAt,
          comment: 'ИИ-администратор',
        }),
      );
      const info = recordInfo(record);
      await emit({ kind: 'booked', recordId: info.id, revenue: info.cost });
      return info;
    },
    async move(input) {
      assertBooking();
      const own = await ownRecord(input.recordId);
      if (scope.dryRun) {
        const service = own.services[0];
        if (!own.staffId || !service) throw new AiToolError('invalid', 'the record has no master or service');
        return {
          ...(await wouldBook({ serviceId: service.id, staffId: own.staffId, startsAt: input.startsAt })),
          id: own.id,
        };
      }
      const record = await call('moveRecord', ({ driver, branch }) =>
        driver.moveRecord(branch, input.recordId, input.startsAt),
      );
      const info = recordInfo(record);
      await emit({ kind: 'moved', recordId: info.id, revenue: info.cost });
      return info;
    },
    async cancel(input) {
      assertBooking();
      await ownRecord(input.recordId);
      if (scope.dryRun) return;
      await call('cancelRecord', ({ driver, branch }) => driver.cancelRecord(branch, input.recordId));
      // A cancelled record earns nothing: its cost is not revenue the bot made.
      await emit({ kind: 'cancelled', recordId: input.recordId, revenue: 0 });
    },
  };
  return tools;
}
