import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentSettings } from '@salon/contract/ai-agents';
import { AiToolError } from '../../../ai/llm.js';
import type { CrmCatalogue } from '../../../crm/crm.js';
import { createLogger } from '../../../platform/logger.js';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { DEFAULT_AGENT_SETTINGS } from '../service.js';
import { buildTools, type ToolEvent } from './build-tools.js';

const ACC = DEMO_BRANCHES.moscow;
const ZONE = 'Europe/Moscow';
// 12:00 in Moscow on 10 March.
const NOON = '2026-03-10T09:00:00Z';

async function refused(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    if (err instanceof AiToolError) return err.code;
    throw err;
  }
  throw new Error('the tool did not refuse');
}

describe.each(DB_KINDS)('AI tools over the CRM port (%s)', (kind) => {
  let app: TestApp;
  let catalogue: CrmCatalogue;

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.clock.set(NOON);
    const { processor, repo } = app.runtime.crm;
    const connection = await repo.connection(ACC);
    catalogue = await processor.driverOf(connection.kind).catalogue(processor.branch(connection));
  });
  afterAll(async () => {
    await app?.close();
  });

  const service = (title: string) => catalogue.services.find((s) => s.title === title)!;
  function tools(settings: Partial<AgentSettings>, phone = '79005553030', events: ToolEvent[] = []) {
    return buildTools(
      {
        crm: app.runtime.crm.processor,
        crmRepo: app.runtime.crm.repo,
        clock: app.clock,
        logger: createLogger('silent'),
        searchKnowledge: async () => [],
      },
      {
        accId: ACC,
        timeZone: ZONE,
        settings: { ...DEFAULT_AGENT_SETTINGS, ...settings },
        client: { name: 'Вера', phone },
        now: app.clock.now(),
        onEvent: async (e) => void events.push(e),
      },
    );
  }

  it('leaves out the excluded services, categories and masters', async () => {
    const haircut = service('Женская стрижка');
    const master = catalogue.staff[0]!;
    const t = tools({
      services_exceptions: [haircut.id],
      categories_exceptions: ['3'],
      masters_exceptions: [master.id],
    });
    const titles = (await t.services()).map((s) => s.title);
    expect(titles).not.toContain('Женская стрижка');
    expect(titles.filter((x) => x.startsWith('Маникюр'))).toEqual([]);
    expect(titles).toContain('Мужская стрижка');
    expect((await t.staff()).map((m) => m.id)).not.toContain(master.id);
    const men = service('Мужская стрижка');
    const slots = await t.freeSlots({ day: '2026-03-11', serviceId: men.id });
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.map((s) => s.staffId)).not.toContain(master.id);
    expect(await refused(t.freeSlots({ day: '2026-03-11', serviceId: haircut.id }))).toBe('not_found');
    expect(await refused(t.freeSlots({ day: '2026-03-11', staffId: master.id }))).toBe('not_found');
  });

  it('looks up free slots from today to the lookup interval in the branch zone, never in the past', async () => {
    const t = tools({ schedule_lookup_interval: 1 });
    const today = await t.freeSlots({ day: '2026-03-10' });
    expect(today.every((s) => s.startsAt.getTime() > new Date(NOON).getTime())).toBe(true);
    expect((await t.freeSlots({ day: '2026-03-11' })).length).toBeGreaterThan(0);
    expect(await refused(t.freeSlots({ day: '2026-03-12' }))).toBe('invalid');
    expect(await refused(t.freeSlots({ day: '2026-03-09' }))).toBe('invalid');
    expect(await refused(t.freeSlots({ day: '11.03.2026' }))).toBe('invalid');
    expect((await tools({ schedule_lookup_interval: 3 }).freeSlots({ day: '2026-03-13' })).length).toBeGreaterThan(0);
  });

  it('books, moves and cancels only with work_with_record, each reported once with its revenue', async () => {
    const men = service('Мужская стрижка');
    const off = tools({ work_with_record: false });
    const [slot, other] = await off.freeSlots({ day: '2026-03-11', serviceId: men.id });
    expect(await refused(off.book({ serviceId: men.id, staffId: slot!.staffId, startsAt: slot!.startsAt }))).toBe(
      'booking_not_allowed',
    );

    const events: ToolEvent[] = [];
    const on = tools({ work_with_record: true }, '79005553030', events);
    const record = await on.book({ serviceId: men.id, staffId: slot!.staffId, startsAt: slot!.startsAt });
    expect(record).toMatchObject({ staffId: slot!.staffId, startsAt: slot!.startsAt, cost: expect.any(Number) });
    expect(record.cost).toBeGreaterThan(0);
    expect(events).toEqual([{ kind: 'booked', recordId: record.id, revenue: record.cost }]);
    // The same time for the same master again: taken.
    expect(await refused(on.book({ serviceId: men.id, staffId: slot!.staffId, startsAt: slot!.startsAt }))).toBe(
      'slot_taken',
    );
    expect((await on.upcomingRecords()).map((r) => r.id)).toContain(record.id);

    // Another client cannot move or cancel it.
    const stranger = tools({ work_with_record: true }, '79005554040');
    expect(await refused(stranger.cancel({ recordId: record.id }))).toBe('not_found');

    const later = other!.staffId === slot!.staffId ? other!.startsAt : new Date(slot!.startsAt.getTime() + 3_600_000);
    const moved = await on.move({ recordId: record.id, startsAt: later });
    expect(moved.startsAt).toEqual(later);
    await on.cancel({ recordId: record.id });
    expect(events.map((e) => [e.kind, e.revenue])).toEqual([
      ['booked', record.cost],
      ['moved', moved.cost],
      ['cancelled', 0],
    ]);
    expect((await on.upcomingRecords()).map((r) => r.id)).not.toContain(record.id);
  });
});
