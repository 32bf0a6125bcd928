import { normalizeClientPhone, parseLocalDate } from '@salon/contract/local-crm';
import { localDay, zonedToUtc, type LocalParts } from '@salon/contract/zoned-time';
import type { Db } from '../../../platform/db/client.js';
import {
  SlotTaken,
  type CrmBooking,
  type CrmCatalogue,
  type CrmRecord,
  type CrmSlot,
  type FreeSlotsQuery,
} from '../../crm.js';
import type { LocalCrm } from './local-crm.js';

// The local CRM keeps no schedules (and gets no table for them): every active master works these
// hours every day, in the branch's zone. A booking outside them is refused like a taken time.
export const LOCAL_WORKING_HOURS = { open: { hour: 10, minute: 0 }, close: { hour: 20, minute: 0 } } as const;
// Free starts are offered on this grid of the branch's wall clock (10:00, 10:30, ...).
export const LOCAL_SLOT_STEP_MIN = 30;
// The length of a slot asked for without a service.
export const LOCAL_DEFAULT_LENGTH_SEC = 3600;

interface Interval {
  start: number;
  end: number;
}

// The day's working hours as instants; DST shifts only where the wall clock says so.
function workingDay(day: LocalParts, timeZone: string): Interval {
  const at = (t: { hour: number; minute: number }) => zonedToUtc({ ...day, ...t }, timeZone).getTime();
  return { start: at(LOCAL_WORKING_HOURS.open), end: at(LOCAL_WORKING_HOURS.close) };
}

function dayOf(day: string): LocalParts {
  const parsed = parseLocalDate(day);
  if (!parsed) throw new Error(`local CRM: not a day: ${day}`);
  return parsed;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

// Wall-clock starts of the day's grid that fit [open, close) with `lengthSec`. A start that falls
// into a DST gap maps to the same instant as its neighbour, hence the de-duplication.
function gridStarts(day: LocalParts, timeZone: string, lengthSec: number): number[] {
  const hours = workingDay(day, timeZone);
  const starts = new Set<number>();
  const open = LOCAL_WORKING_HOURS.open.hour * 60 + LOCAL_WORKING_HOURS.open.minute;
  const close = LOCAL_WORKING_HOURS.close.hour * 60 + LOCAL_WORKING_HOURS.close.minute;
  for (let m = open; m < close; m += LOCAL_SLOT_STEP_MIN) {
    const start = zonedToUtc({ ...day, hour: Math.floor(m / 60), minute: m % 60 }, timeZone).getTime();
    if (start >= hours.start && start + lengthSec * 1000 <= hours.end) starts.add(start);
  }
  return [...starts].sort((a, b) => a - b);
}

// Booking over the local CRM's tables. Writes go through LocalCrm (so each writes its inbox event)
// with a guard that checks the master's time inside the same transaction, under the branch's lock.
export class LocalBooking {
  constructor(private readonly crm: LocalCrm) {}

  // The local CRM has no service↔master table: every master does every service (staffIds []).
  async catalogue(accId: number): Promise<CrmCatalogue> {
    const store = this.crm.store;
    const [services, staff, categories] = await Promise.all([
      store.services(accId),
      store.staff(accId),
      store.serviceCategories(accId),
    ]);
    return {
      services: services.map((s) => ({
        id: s.id,
        title: s.title,
        categoryId: s.categoryId,
        priceMin: s.priceMin,
        priceMax: s.priceMax,
        durationSec: s.durationSec,
        staffIds: [],
      })),
      staff: staff.map((m) => ({ id: m.id, name: m.title, specialization: m.specialization })),
      categories: categories.map((c) => ({ id: c.id, title: c.title })),
    };
  }

  async freeSlots(accId: number, query: FreeSlotsQuery): Promise<CrmSlot[]> {
    const store = this.crm.store;
    let lengthSec = LOCAL_DEFAULT_LENGTH_SEC;
    if (query.serviceId !== undefined) {
      const [service] = await store.services(accId, [query.serviceId]);
      if (!service) return [];
      lengthSec = service.durationSec;
    }
    const staff = (await store.staff(accId)).filter((m) => query.staffId === undefined || m.id === query.staffId);
    const day = dayOf(query.day);
    const hours = workingDay(day, query.timeZone);
    const busy = await store.busy(
      accId,
      staff.map((m) => m.id),
      new Date(hours.start),
      new Date(hours.end),
    );
    const now = this.crm.now().getTime();
    const starts = gridStarts(day, query.timeZone, lengthSec).filter((s) => s > now);
    const slots: CrmSlot[] = [];
    for (const start of starts) {
      const slot = { start, end: start + lengthSec * 1000 };
      for (const m of staff) {
        const taken = busy.some((b) => b.staffId === m.id && overlaps(slot, intervalOf(b)));
        if (!taken) slots.push({ staffId: m.id, staffName: m.title, startsAt: new Date(start), lengthSec });
      }
    }
    return slots;
  }

  async clientRecords(accId: number, phone: string, from: Date): Promise<CrmRecord[]> {
    const digits = normalizeClientPhone(phone);
    return digits ? this.crm.store.clientRecords(accId, digits, from) : [];
  }

  async book(accId: number, booking: CrmBooking): Promise<CrmRecord> {
    const timeZone = await this.crm.timeZone(accId);
    return this.crm.createRecord(
      accId,
      {
        client: booking.client,
        staffId: booking.staffId,
        serviceIds: booking.serviceIds,
        startsAt: booking.startsAt,
        comment: booking.comment,
      },
      (next, tx) => this.assertFree(accId, next, timeZone, tx),
    );
  }

  async moveRecord(accId: number, recordId: string, startsAt: Date): Promise<CrmRecord> {
    const timeZone = await this.crm.timeZone(accId);
    return this.crm.moveRecord(accId, recordId, { startsAt }, (next, tx) => this.assertFree(accId, next, timeZone, tx));
  }

  // Inside working hours, not in the past, and no other record of the master overlaps. Starts off
  // the grid are accepted: the grid is what we offer, not a rule of the CRM.
  private async assertFree(accId: number, next: CrmRecord, timeZone: string, tx: Db): Promise<void> {
    const slot = intervalOf(next);
    const hours = workingDay(dayOf(localDay(next.startsAt, timeZone)), timeZone);
    if (slot.start < hours.start || slot.end > hours.end) throw new SlotTaken('outside working hours');
    if (slot.start <= this.crm.now().getTime()) throw new SlotTaken('the time has passed');
    if (!next.staffId) throw new SlotTaken('no master');
    const busy = await this.crm.store.busy(
      accId,
      [next.staffId],
      new Date(slot.start),
      new Date(slot.end),
      tx,
      next.id,
    );
    if (busy.length > 0) throw new SlotTaken();
  }
}

function intervalOf(r: { startsAt: Date; lengthSec: number }): Interval {
  const start = r.startsAt.getTime();
  return { start, end: start + r.lengthSec * 1000 };
}
