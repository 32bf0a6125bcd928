import { zonedToUtc } from '@salon/contract/zoned-time';
import {
  AiToolError,
  type AiAskContext,
  type AiTools,
  type KnowledgeHit,
  type RecordInfo,
  type ServiceInfo,
  type StaffInfo,
} from '../ai/llm.js';

// AiTools as a plain object over a small in-memory salon, for the responders' unit tests (the
// ai-admin module's real tools over the CRM and the knowledge index are tested there). Every master
// works 10:00–18:00 branch-local with hourly starts; records take their hour.

export interface TestSalon {
  tools: AiTools;
  records: RecordInfo[];
  calls: {
    freeSlots: { day: string; serviceId?: string; staffId?: string }[];
    book: unknown[];
    move: unknown[];
    cancel: string[];
    search: string[];
  };
}

export const TEST_SERVICES: ServiceInfo[] = [
  {
    id: 's1',
    title: 'Маникюр классический',
    categoryId: 'c1',
    categoryTitle: 'Ногти',
    priceMin: 1500,
    priceMax: 1500,
    durationMin: 60,
  },
  {
    id: 's2',
    title: 'Маникюр с покрытием гель-лак',
    categoryId: 'c1',
    categoryTitle: 'Ногти',
    priceMin: 2000,
    priceMax: 2500,
    durationMin: 90,
  },
  {
    id: 's3',
    title: 'Педикюр',
    categoryId: 'c1',
    categoryTitle: 'Ногти',
    priceMin: 2500,
    priceMax: 2500,
    durationMin: 60,
  },
  {
    id: 's4',
    title: 'Стрижка женская',
    categoryId: 'c2',
    categoryTitle: 'Волосы',
    priceMin: 1800,
    priceMax: 3000,
    durationMin: 60,
  },
  {
    id: 's5',
    title: 'Стрижка мужская',
    categoryId: 'c2',
    categoryTitle: 'Волосы',
    priceMin: 1200,
    priceMax: 1200,
    durationMin: 45,
  },
];

export const TEST_STAFF: StaffInfo[] = [
  { id: 'm1', name: 'Анна Смирнова', specialization: 'маникюр' },
  { id: 'm2', name: 'Ольга Ким', specialization: 'стрижки' },
];

export function testSalon(options: {
  timeZone: string;
  knowledge?: { fileName: string; text: string }[];
  records?: RecordInfo[];
  // Days ('YYYY-MM-DD') on which nobody works.
  closedDays?: string[];
  workWithRecord?: boolean;
}): TestSalon {
  const records = [...(options.records ?? [])];
  const calls: TestSalon['calls'] = { freeSlots: [], book: [], move: [], cancel: [], search: [] };
  const staffName = (id: string) => TEST_STAFF.find((s) => s.id === id)?.name ?? '';
  const busy = (staffId: string, at: Date) =>
    records.some((r) => r.staffId === staffId && r.startsAt.getTime() === at.getTime());
  const allowed = () => {
    if (options.workWithRecord === false) throw new AiToolError('booking_not_allowed', 'off');
  };
  const tools: AiTools = {
    async searchKnowledge(query) {
      calls.search.push(query);
      const wanted = query
        .toLowerCase()
        .split(/[^\p{L}\d]+/u)
        .filter((w) => w.length >= 4)
        .map((w) => w.slice(0, 5));
      const hits: KnowledgeHit[] = (options.knowledge ?? []).map((k, i) => {
        const text = k.text.toLowerCase();
        const shared = wanted.filter((w) => text.includes(w)).length;
        return { fileId: i + 1, fileName: k.fileName, text: k.text, score: wanted.length ? shared / wanted.length : 0 };
      });
      return hits.filter((h) => h.score > 0).sort((a, b) => b.score - a.score);
    },
    services: async () => TEST_SERVICES,
    staff: async () => TEST_STAFF,
    async freeSlots(query) {
      calls.freeSlots.push(query);
      if (options.closedDays?.includes(query.day)) return [];
      const [year, month, day] = query.day.split('-').map(Number) as [number, number, number];
      const staff = TEST_STAFF.filter((s) => !query.staffId || s.id === query.staffId);
      return staff.flatMap((s) =>
        [10, 11, 12, 13, 14, 15, 16, 17]
          .map((hour) => zonedToUtc({ year, month, day, hour, minute: 0 }, options.timeZone))
          .filter((at) => !busy(s.id, at))
          .map((startsAt) => ({ staffId: s.id, staffName: s.name, startsAt })),
      );
    },
    upcomingRecords: async () => [...records],
    async book(input) {
      allowed();
      calls.book.push(input);
      if (busy(input.staffId, input.startsAt)) throw new AiToolError('slot_taken', 'taken');
      const service = TEST_SERVICES.find((s) => s.id === input.serviceId);
      if (!service) throw new AiToolError('not_found', 'no such service');
      const record: RecordInfo = {
        id: `r${records.length + 100}`,
        startsAt: input.startsAt,
        staffId: input.staffId,
        staffName: staffName(input.staffId),
        services: [{ id: service.id, title: service.title, cost: service.priceMin }],
        cost: service.priceMin,
      };
      records.push(record);
      return record;
    },
    async move(input) {
      allowed();
      calls.move.push(input);
      const record = records.find((r) => r.id === input.recordId);
      if (!record) throw new AiToolError('not_found', 'no such record');
      record.startsAt = input.startsAt;
      return record;
    },
    async cancel(input) {
      allowed();
      calls.cancel.push(input.recordId);
      const i = records.findIndex((r) => r.id === input.recordId);
      if (i < 0) throw new AiToolError('not_found', 'no such record');
      records.splice(i, 1);
    },
  };
  return { tools, records, calls };
}

export function askContext(tools: AiTools, patch: Partial<AiAskContext>): AiAskContext {
  return {
    accId: 1,
    timeZone: 'Europe/Moscow',
    now: new Date('2026-11-26T06:00:00Z'),
    lang: 'ru',
    tone: 'neutral',
    emojiList: [],
    workWithRecord: true,
    lookupDays: 7,
    salon: { name: 'Ноготки', address: 'ул. Ленина, 1', phone: '+7 495 123-45-67' },
    client: { name: 'Мария', phone: '79991234567' },
    history: [],
    question: '',
    tools,
    ...patch,
  };
}
