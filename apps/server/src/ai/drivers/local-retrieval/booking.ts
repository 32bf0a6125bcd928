import { AiToolError, type ServiceInfo, type SlotInfo, type StaffInfo } from '../../llm.js';
import { dayForTime, formatDay, instantOf } from './dates.js';
import { answer, handover, type Reply, type Session } from './session.js';

// Free times and booking. Free times are listed for the day the client named, or else for the
// first day from today with free times within the lookup interval. A booking needs a service, a day
// and a time; whatever is missing is asked for with one short question, and the time must be one
// of the free start times (of the named master, or of any master).

interface Wanted {
  service: ServiceInfo | null;
  staff: StaffInfo | null;
}

async function slotsAnswer(s: Session, wanted: Wanted, ask: string | null): Promise<Reply> {
  const { t, ctx } = s;
  const day = s.when.day ?? (s.when.time ? dayForTime(s.when.time, ctx.now, ctx.timeZone) : null);
  if (day && day > s.lastDay) return answer(t.beyond(ctx.lookupDays));
  const serviceId = wanted.service?.id;
  const staffId = wanted.staff?.id;
  const what = wanted.service?.title ?? null;
  const found = await s.firstDayWithSlots(day ?? s.today, serviceId, staffId);
  const parts: string[] = [];
  if (day && found?.day !== day) parts.push(t.noSlots(formatDay(day, ctx.lang)));
  if (!found) {
    if (!day) parts.push(t.noSlotsAhead(ctx.lookupDays));
    return answer(parts.join(' '));
  }
  parts.push(t.slots(formatDay(found.day, ctx.lang), what, s.slotLines(found.slots)));
  if (ask) parts.push(ask);
  return answer(parts.join('\n'));
}

async function wanted(s: Session): Promise<Wanted & { ambiguous: ServiceInfo[] }> {
  const matches = await s.serviceMatches();
  const top = matches[0];
  // Titles that score as well as the best are a real choice («Маникюр» and «Маникюр мужской»).
  const ambiguous = top ? matches.filter((m) => top.score - m.score < 0.05).map((m) => m.item) : [];
  return { service: top?.item ?? null, staff: await s.staffMatch(), ambiguous };
}

export async function freeTime(s: Session): Promise<Reply> {
  const w = await wanted(s);
  return slotsAnswer(s, w, s.ctx.workWithRecord ? s.t.askTime : null);
}

export async function book(s: Session): Promise<Reply> {
  const { t, ctx } = s;
  const w = await wanted(s);
  if (!w.service) {
    const titles = (await s.services()).slice(0, 5).map((x) => x.title);
    return answer(t.askService(titles));
  }
  if (w.ambiguous.length > 1) return answer(t.askWhich(w.ambiguous.slice(0, 5).map((x) => x.title)));
  const time = s.when.time;
  if (!time) return slotsAnswer(s, w, t.askTime);
  const day = s.when.day ?? dayForTime(time, ctx.now, ctx.timeZone);
  if (day > s.lastDay) return answer(t.beyond(ctx.lookupDays));
  const at = instantOf(day, time, ctx.timeZone);
  const slots = await s.freeSlots(day, w.service.id, w.staff?.id);
  const slot = slots.find((x) => x.startsAt.getTime() === at.getTime());
  if (!slot) return taken(s, w, at, slots, day);
  try {
    const record = await ctx.tools.book({ serviceId: w.service.id, staffId: slot.staffId, startsAt: at });
    return answer(t.booked(w.service.title, record.staffName || slot.staffName, s.dateTime(record.startsAt)), true);
  } catch (err) {
    if (err instanceof AiToolError && err.code === 'slot_taken')
      return taken(
        s,
        w,
        at,
        slots.filter((x) => x !== slot),
        day,
      );
    if (err instanceof AiToolError) return handover('booking_failed');
    throw err;
  }
}

function taken(s: Session, w: Wanted, at: Date, slots: SlotInfo[], day: string): Reply {
  const { t, ctx } = s;
  const parts = [t.taken(s.time(at))];
  if (slots.length > 0) parts.push(t.slots(formatDay(day, ctx.lang), w.service?.title ?? null, s.slotLines(slots)));
  else parts.push(t.noSlots(formatDay(day, ctx.lang)));
  parts.push(t.askTime);
  return answer(parts.join('\n'));
}
