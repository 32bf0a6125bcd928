import { localDay } from '@salon/contract/zoned-time';
import { AiToolError, type RecordInfo } from '../../llm.js';
import { dayForTime, formatDay, instantOf } from './dates.js';
import { isNo, isYes } from './intents.js';
import { rankByTitle } from './matching.js';
import { marker } from './phrases.js';
import { answer, handover, type Reply, type Session } from './session.js';

// Moving and cancelling the client's upcoming records. The record is the only one, or the one
// whose service or day and time the client names; our earlier question («Отменить запись «…» —
// …?») names the record it is about, so the next message («да», «завтра в 16») is read against it.
// A cancel is done only after the client confirms it.

// The record our last message named, if it asked about one.
function pendingRecord(s: Session, records: RecordInfo[], template: (arg: string) => string): RecordInfo | null {
  if (!s.lastAssistant.includes(marker(template))) return null;
  return records.find((r) => s.lastAssistant.includes(s.describeRecord(r))) ?? null;
}

// The record the client means: the only one, or the one of the service or at the day (and time) named.
function chooseRecord(s: Session, records: RecordInfo[], byWhen: boolean): RecordInfo | null {
  if (records.length === 1) return records[0]!;
  const text = `${s.carry}\n${s.ctx.question}`;
  const byService = records.filter((r) => rankByTitle(text, r.services, (x) => x.title).length > 0);
  if (byService.length === 1) return byService[0]!;
  if (byWhen && s.when.day) {
    const zone = s.ctx.timeZone;
    const onDay = records.filter((r) => localDay(r.startsAt, zone) === s.when.day);
    const exact = s.when.time
      ? onDay.filter((r) => r.startsAt.getTime() === instantOf(s.when.day!, s.when.time!, zone).getTime())
      : onDay;
    if (exact.length === 1) return exact[0]!;
  }
  return null;
}

function whichRecord(s: Session, records: RecordInfo[]): Reply {
  return answer(s.t.whichRecord(records.slice(0, 5).map((r) => `• ${s.describeRecord(r)}`)));
}

export async function cancel(s: Session): Promise<Reply> {
  const { t, ctx } = s;
  const records = await ctx.tools.upcomingRecords();
  const pending = pendingRecord(s, records, t.askCancel);
  if (pending && isYes(ctx.question)) {
    try {
      await ctx.tools.cancel({ recordId: pending.id });
    } catch (err) {
      if (err instanceof AiToolError) return handover('booking_failed');
      throw err;
    }
    return answer(t.cancelled(s.describeRecord(pending)), true);
  }
  if (s.lastAssistant.includes(marker(t.askCancel)) && isNo(ctx.question)) return answer(t.kept);
  if (records.length === 0) return answer(t.noRecords);
  const record = chooseRecord(s, records, true);
  return record ? answer(t.askCancel(s.describeRecord(record))) : whichRecord(s, records);
}

export async function move(s: Session): Promise<Reply> {
  const { t, ctx } = s;
  const records = await ctx.tools.upcomingRecords();
  if (records.length === 0) return answer(t.noRecords);
  const pending = pendingRecord(s, records, t.askMoveTime);
  // Answering «which one?», the client names the record's own day and time, not the new one.
  const answeringWhich = !pending && s.lastAssistant.includes(t.whichRecord([]).split('\n')[0]!);
  const record = pending ?? chooseRecord(s, records, answeringWhich);
  if (!record) return whichRecord(s, records);
  const { time } = s.when;
  if (answeringWhich || !time) {
    return answer(t.askMoveTime(s.describeRecord(record)));
  }
  const day = s.when.day ?? dayForTime(time, ctx.now, ctx.timeZone);
  if (day > s.lastDay) return answer(t.beyond(ctx.lookupDays));
  const at = instantOf(day, time, ctx.timeZone);
  const slots = await s.freeSlots(day, record.services[0]?.id, record.staffId ?? undefined);
  if (!slots.some((x) => x.startsAt.getTime() === at.getTime())) {
    const free =
      slots.length > 0
        ? t.slots(formatDay(day, ctx.lang), null, s.slotLines(slots))
        : t.noSlots(formatDay(day, ctx.lang));
    return answer([t.taken(s.time(at)), free, t.askMoveTime(s.describeRecord(record))].join('\n'));
  }
  try {
    const moved = await ctx.tools.move({ recordId: record.id, startsAt: at });
    return answer(t.moved(s.dateTime(moved.startsAt)), true);
  } catch (err) {
    if (err instanceof AiToolError && err.code === 'slot_taken')
      return answer([t.taken(s.time(at)), t.askMoveTime(s.describeRecord(record))].join('\n'));
    if (err instanceof AiToolError) return handover('booking_failed');
    throw err;
  }
}
