import { localParts, zonedToUtc } from '@salon/contract/zoned-time';
import { HANDOVER_REASONS } from '@salon/contract/ai-chat';
import { AiToolError, type AiAskContext, type RecordInfo, type SlotInfo } from '../../llm.js';

// The functions the model may call (JSON-schema definitions as chat completions take them) and
// their execution over AiTools. Times go to the model as the branch's wall time with its offset
// ('2026-11-28T15:00+10:00') so it never converts zones itself; a time it sends without an offset
// is read as the branch's wall time.

export const HANDOVER_TOOL = 'handover';

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const str = (description: string) => ({ type: 'string', description });
const fn = (name: string, description: string, parameters: unknown) => ({
  type: 'function' as const,
  function: { name, description, parameters },
});

export function toolDefinitions(workWithRecord: boolean) {
  const read = [
    fn(
      'search_knowledge',
      "Search the salon's knowledge files (prices, procedures, rules, address, hours).",
      obj({ query: str("What to look for, in the client's words") }, ['query']),
    ),
    fn('list_services', 'The services of the salon with price range (RUB) and duration in minutes.', obj({})),
    fn('list_staff', 'The masters of the salon with their specialization.', obj({})),
    fn(
      'free_slots',
      'Free start times on one day of the salon, optionally for a service (its duration) and/or a master.',
      obj(
        {
          day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "The salon's local day, YYYY-MM-DD" },
          service_id: str('Service id from list_services'),
          staff_id: str('Master id from list_staff'),
        },
        ['day'],
      ),
    ),
    fn('upcoming_records', "The client's upcoming appointments.", obj({})),
    fn(
      HANDOVER_TOOL,
      'Hand the conversation to a salon administrator (a person).',
      obj({ reason: { type: 'string', enum: HANDOVER_REASONS.filter((r) => r !== 'provider_failed') } }, ['reason']),
    ),
  ];
  if (!workWithRecord) return read;
  const startsAt = str("Start time, ISO 8601 in the salon's time zone, e.g. 2026-11-28T15:00+03:00");
  return [
    ...read,
    fn(
      'book',
      'Book the client for a service with a master at a free start time.',
      obj({ service_id: str('Service id'), staff_id: str('Master id'), starts_at: startsAt }, [
        'service_id',
        'staff_id',
        'starts_at',
      ]),
    ),
    fn(
      'move',
      "Move one of the client's appointments to another free start time.",
      obj({ record_id: str('Record id from upcoming_records'), starts_at: startsAt }, ['record_id', 'starts_at']),
    ),
    fn(
      'cancel',
      "Cancel one of the client's appointments.",
      obj({ record_id: str('Record id from upcoming_records') }, ['record_id']),
    ),
  ];
}

// '2026-11-28T15:00+10:00': the wall time in the zone and the zone's offset then.
export function localIso(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  const offset = Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

export function parseStartsAt(value: unknown, timeZone: string): Date {
  if (typeof value !== 'string') throw new AiToolError('invalid', 'starts_at must be an ISO date-time string');
  const local = LOCAL_ISO.exec(value.trim());
  if (local) {
    const [, y, mo, d, h, mi] = local.map(Number) as number[];
    return zonedToUtc({ year: y!, month: mo!, day: d!, hour: h!, minute: mi! }, timeZone);
  }
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new AiToolError('invalid', `starts_at is not a date-time: ${value}`);
  return at;
}

function requiredString(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === '') throw new AiToolError('invalid', `${key} is required`);
  return value;
}

function optionalString(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'number' ? String(value) : requiredString(args, key);
}

export async function runTool(name: string, args: Record<string, unknown>, ctx: AiAskContext): Promise<unknown> {
  const zone = ctx.timeZone;
  const slot = (s: SlotInfo) => ({
    staff_id: s.staffId,
    staff_name: s.staffName,
    starts_at: localIso(s.startsAt, zone),
  });
  const record = (r: RecordInfo) => ({
    record_id: r.id,
    starts_at: localIso(r.startsAt, zone),
    staff_id: r.staffId,
    staff_name: r.staffName,
    services: r.services.map((s) => ({ service_id: s.id, title: s.title, cost: s.cost })),
    cost: r.cost,
  });
  const t = ctx.tools;
  if (!ctx.workWithRecord && (name === 'book' || name === 'move' || name === 'cancel')) {
    throw new AiToolError('booking_not_allowed', 'booking is off for this salon');
  }
  switch (name) {
    case 'search_knowledge':
      return (await t.searchKnowledge(requiredString(args, 'query'), 5)).map((h) => ({
        file: h.fileName,
        text: h.text,
        score: h.score,
      }));
    case 'list_services':
      return (await t.services()).map((s) => ({
        service_id: s.id,
        title: s.title,
        category: s.categoryTitle,
        price_min: s.priceMin,
        price_max: s.priceMax,
        duration_min: s.durationMin,
      }));
    case 'list_staff':
      return (await t.staff()).map((s) => ({ staff_id: s.id, name: s.name, specialization: s.specialization }));
    case 'free_slots': {
      const day = requiredString(args, 'day');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new AiToolError('invalid', 'day must be YYYY-MM-DD');
      const serviceId = optionalString(args, 'service_id');
      const staffId = optionalString(args, 'staff_id');
      return (await t.freeSlots({ day, ...(serviceId ? { serviceId } : {}), ...(staffId ? { staffId } : {}) })).map(
        slot,
      );
    }
    case 'upcoming_records':
      return (await t.upcomingRecords()).map(record);
    case 'book':
      return record(
        await t.book({
          serviceId: requiredString(args, 'service_id'),
          staffId: requiredString(args, 'staff_id'),
          startsAt: parseStartsAt(args.starts_at, zone),
        }),
      );
    case 'move':
      return record(
        await t.move({ recordId: requiredString(args, 'record_id'), startsAt: parseStartsAt(args.starts_at, zone) }),
      );
    case 'cancel':
      await t.cancel({ recordId: requiredString(args, 'record_id') });
      return { cancelled: true };
    default:
      throw new AiToolError('invalid', `unknown tool ${name}`);
  }
}
