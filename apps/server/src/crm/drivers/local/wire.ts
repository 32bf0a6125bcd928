import {
  parseLocalDate,
  parseLocalDateTime,
  type Attendance,
  type LocalCrmClientWire,
  type LocalCrmRecordWire,
} from '@salon/contract/local-crm';
import { addDays, localParts, zonedToUtc } from '@salon/contract/zoned-time';
import type { CrmClient, CrmRecord } from '../../crm.js';
import { recordCost } from '../../repository.js';

const pad = (n: number) => String(n).padStart(2, '0');

// 'YYYY-MM-DDTHH:mm' as the branch's clocks show the instant.
export function localDateTimeOf(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

// A wall-clock time the user typed, in the branch's zone. The contract already checked the text.
export function instantOf(localDateTime: string, timeZone: string): Date {
  return zonedToUtc(parseLocalDateTime(localDateTime)!, timeZone);
}

// [start of `from`, start of the day after `to`) in the branch's zone.
export function dayRange(from: string, to: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: zonedToUtc(parseLocalDate(from)!, timeZone),
    to: zonedToUtc(addDays(parseLocalDate(to)!, 1), timeZone),
  };
}

export function toRecordWire(r: CrmRecord, timeZone: string): LocalCrmRecordWire {
  return {
    id: r.id,
    client_id: r.clientId,
    client_name: r.clientName,
    client_phone: r.clientPhone,
    staff_id: r.staffId,
    staff_name: r.staffName,
    services: r.services.map((s) => ({
      id: s.id,
      title: s.title,
      cost: s.cost,
      category_id: s.categoryId,
      amount: s.amount,
    })),
    goods: r.goods.map((g) => ({ id: g.id, title: g.title, cost: g.cost, amount: g.amount })),
    starts_at: r.startsAt.toISOString(),
    local_start: localDateTimeOf(r.startsAt, timeZone),
    length_sec: r.lengthSec,
    attendance: r.attendance as Attendance,
    deleted: r.deleted,
    paid: r.paid,
    online: r.online,
    labels: r.labels,
    comment: r.comment,
    short_link: r.shortLink,
    cost: recordCost(r.services, r.goods),
    created_at: r.createdAt.toISOString(),
    changed_at: r.changedAt.toISOString(),
    deleted_at: r.deletedAt ? r.deletedAt.toISOString() : null,
  };
}

export function toClientWire(c: CrmClient): LocalCrmClientWire {
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    email: c.email,
    birthday: c.birthday,
    sex: c.sex,
    categories: c.categories,
    success_visits: c.successVisits,
    fail_visits: c.failVisits,
    bonus_balance: c.bonusBalance,
  };
}
