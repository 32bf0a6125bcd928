import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birthdayTarget, recordSendTime } from './timing.js';
import { record, settings } from '../../../test-support/templates/engine-fixtures.js';

const MOSCOW = 'Europe/Moscow';
const VLADIVOSTOK = 'Asia/Vladivostok';

// The process's own zone must not matter: everything is computed in the branch's zone.
describe.each(['UTC', 'Asia/Vladivostok', 'America/New_York'])('send times with the server in %s', (serverTz) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = serverTz;
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  const now = new Date('2026-12-09T06:00:00Z');
  // 14:00 in Moscow, 21:00 in Vladivostok.
  const start = new Date('2026-12-10T11:00:00Z');

  it('before_start: start minus days and minutes', () => {
    const s = settings({ when_send: 'before_start', when_send2: 24.25 });
    expect(recordSendTime(s, record({ startsAt: start }), MOSCOW, now)?.at.toISOString()).toBe(
      '2026-12-09T10:45:00.000Z',
    );
    const quarter = settings({ when_send: 'before_start', when_send2: 0.25 });
    expect(recordSendTime(quarter, record({ startsAt: start }), MOSCOW, now)?.at.toISOString()).toBe(
      '2026-12-10T10:45:00.000Z',
    );
  });

  it('before_start: too late is skipped, a moment late goes now, a past record never', () => {
    const s = settings({ when_send: 'before_start', when_send2: 48 });
    expect(recordSendTime(s, record({ startsAt: start }), MOSCOW, now)).toBeNull();
    const justLate = new Date('2026-12-09T11:03:00Z');
    expect(
      recordSendTime(
        settings({ when_send: 'before_start', when_send2: 24 }),
        record({ startsAt: start }),
        MOSCOW,
        justLate,
      )?.at,
    ).toEqual(justLate);
    expect(recordSendTime(s, record({ startsAt: new Date('2026-12-08T11:00:00Z') }), MOSCOW, now)).toBeNull();
    expect(
      recordSendTime(
        settings({ when_send: 'before_start', when_send2: 1 }),
        record({ startsAt: start, deleted: true }),
        MOSCOW,
        now,
      ),
    ).toBeNull();
  });

  it('after_end: end plus the offset; a late follow-up within a day goes now, older is dropped', () => {
    const s = settings({ when_send: 'after_end', when_send2: 2 });
    // ends 12:30Z (90 minutes), plus 2 h
    expect(recordSendTime(s, record({ startsAt: start }), MOSCOW, now)?.at.toISOString()).toBe(
      '2026-12-10T14:30:00.000Z',
    );
    const later = new Date('2026-12-10T20:00:00Z');
    expect(recordSendTime(s, record({ startsAt: start }), MOSCOW, later)?.at).toEqual(later);
    const muchLater = new Date('2026-12-12T20:00:00Z');
    expect(recordSendTime(s, record({ startsAt: start }), MOSCOW, muchLater)).toBeNull();
  });

  it('after_deletion: from the moment the record was deleted, only for deleted records', () => {
    const s = settings({ when_send: 'after_deletion', when_send2: 1, attendance: [-1] });
    const deletedAt = new Date('2026-12-09T07:00:00Z');
    expect(recordSendTime(s, record({ deleted: true, deletedAt }), MOSCOW, now)?.at.toISOString()).toBe(
      '2026-12-09T08:00:00.000Z',
    );
    expect(recordSendTime(s, record(), MOSCOW, now)).toBeNull();
  });

  it('all-day notice: the day before / the day / the day after at when_time in the branch zone', () => {
    const day = (d: number, zone: string) =>
      recordSendTime(
        settings({ when_send: 'all_day_recs_notifications', when_send2: d, when_time: '10:00' }),
        record({ startsAt: start }),
        zone,
        now,
      )?.at.toISOString();
    expect(day(1, MOSCOW)).toBe('2026-12-09T07:00:00.000Z');
    expect(day(0, MOSCOW)).toBe('2026-12-10T07:00:00.000Z');
    expect(day(-1, MOSCOW)).toBe('2026-12-11T07:00:00.000Z');
    // Vladivostok is UTC+10: the day before is Dec 9, whose 10:00 (00:00Z) has passed at 16:00
    // local, so the notice goes now; the day after is Dec 11 10:00 local.
    expect(day(1, VLADIVOSTOK)).toBe(now.toISOString());
    expect(day(-1, VLADIVOSTOK)).toBe('2026-12-11T00:00:00.000Z');
  });

  it('all-day notice for the same day found late that day goes now; a past day is dropped', () => {
    const noon = new Date('2026-12-10T09:00:00Z');
    const s = settings({ when_send: 'all_day_recs_notifications', when_send2: 0, when_time: '10:00' });
    expect(recordSendTime(s, record({ startsAt: start }), MOSCOW, noon)?.at).toEqual(noon);
    const nextDay = new Date('2026-12-11T09:00:00Z');
    expect(recordSendTime(s, record({ startsAt: start }), MOSCOW, nextDay)).toBeNull();
  });

  it('a record late in the local evening belongs to the local day, not the UTC one', () => {
    // 23:30 in Vladivostok on Dec 10 is 13:30Z on Dec 10; 00:30 local on Dec 11 is 14:30Z on Dec 10.
    const s = settings({ when_send: 'all_day_recs_notifications', when_send2: 1, when_time: '18:00' });
    const early = new Date('2026-12-08T00:00:00Z');
    expect(
      recordSendTime(s, record({ startsAt: new Date('2026-12-10T14:30:00Z') }), VLADIVOSTOK, early)?.at.toISOString(),
    ).toBe('2026-12-10T08:00:00.000Z');
    expect(
      recordSendTime(s, record({ startsAt: new Date('2026-12-10T13:30:00Z') }), VLADIVOSTOK, early)?.at.toISOString(),
    ).toBe('2026-12-09T08:00:00.000Z');
  });

  it('across a DST change the local time holds (Europe/Berlin, 29 March 2026)', () => {
    const s = settings({ when_send: 'all_day_recs_notifications', when_send2: 1, when_time: '09:00' });
    const startBerlin = new Date('2026-03-29T10:00:00Z'); // 12:00 CEST
    const at = recordSendTime(s, record({ startsAt: startBerlin }), 'Europe/Berlin', new Date('2026-03-20T00:00:00Z'));
    expect(at?.at.toISOString()).toBe('2026-03-28T08:00:00.000Z'); // 09:00 CET
  });

  it('moving a record changes the anchor', () => {
    const s = settings({ when_send: 'before_start', when_send2: 1 });
    const a = recordSendTime(s, record({ startsAt: start }), MOSCOW, now);
    const b = recordSendTime(s, record({ startsAt: new Date('2026-12-11T11:00:00Z') }), MOSCOW, now);
    expect(a?.anchor).not.toBe(b?.anchor);
  });

  it('birthday: 1 the day before, 0 on the day, -1 the day after, at when_time local', () => {
    const today = new Date('2026-12-09T20:00:00Z'); // Dec 10 05:00 in Vladivostok, Dec 9 23:00 in Moscow
    const target = (d: number, zone: string) =>
      birthdayTarget(settings({ when_send: 'happy_birthday', when_send2: d, when_time: '11:00' }), today, zone);
    expect(target(0, VLADIVOSTOK)).toMatchObject({ month: 12, day: 10, year: 2026 });
    expect(target(0, VLADIVOSTOK)?.at.toISOString()).toBe('2026-12-10T01:00:00.000Z');
    expect(target(1, VLADIVOSTOK)).toMatchObject({ month: 12, day: 11 });
    expect(target(-1, MOSCOW)).toMatchObject({ month: 12, day: 8 });
    expect(target(0, MOSCOW)?.at.toISOString()).toBe('2026-12-09T08:00:00.000Z');
  });
});
