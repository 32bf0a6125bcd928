import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_STATUS, type AllowedToRunResponse, type CalendarResponse } from '@salon/contract/mailing-plan';
import type { StartSendoutResponse } from '@salon/contract/mailing-sendouts';
import { sendingSettings } from '../../settings/schema.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { shiftDay } from '../plan/window.js';
import { mailingCalls, sandboxWhatsApp } from '../../../test-support/mailing/calendar-harness.js';

const { yekaterinburg } = DEMO_BRANCHES;

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = shiftDay(d, 1)) out.push(d);
  return out;
}

// SPEC 7 /calendar, /calendar_detail and /allowed_to_run through HTTP in Yekaterinburg (UTC+5):
// the harness clock's 2026-03-10T09:00Z is 14:00 there, and a sending day runs from local midnight
// (19:00Z the evening before) to 23:00 local (18:00Z).
describe.each(DB_KINDS)('send-out calendar in a branch’s own zone (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  const calls = mailingCalls(
    () => app,
    () => owner,
  );
  let planned: string;

  beforeAll(async () => {
    app = await startTestApp(kind, {}, 'all');
    owner = (await app.login(DEMO_USERS.owner, '10.63.0.1')).token;
    // A send-out needs a connected number.
    await sandboxWhatsApp(app, yekaterinburg, '79160000041');
    // Three recipients, two a day, a minute apart, from 10:00 local tomorrow.
    const draft = await calls.parse(yekaterinburg, [['Телефон'], ['79580000001'], ['79580000002'], ['79580000003']]);
    const res = await calls.postForm('start_sendout', yekaterinburg, {
      sendout_id: draft.sendout_id,
      text: 'Скидка 10% до пятницы',
      count: 3,
      sendout_batch_len: 2,
      between_time: 60,
      delay: true,
      time_start: '2026-03-11T10:00:00+05:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    planned = res.json<StartSendoutResponse>().sendout_id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const json = async <T>(path: string, query: string) => {
    const res = await calls.get(path, yekaterinburg, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('lists the planned send-out by its local days and judges each day of the months shown', async () => {
    const calendar = await json<CalendarResponse>('calendar', '&quote_for_day=2&between_time=10');
    expect(calendar.sendout_list).toEqual([
      {
        start_date: '2026-03-11T05:00:00.000Z',
        // The third message goes at the next local day's opening: 00:00 on the 12th is 19:00Z on the 11th.
        end_date: '2026-03-11T19:01:00.000Z',
        duration: 14 * 3600 + 60,
        is_new: false,
        sendout_id: planned,
        is_active_sendout: false,
        day_sendout_limit: 2,
        total_count: 3,
        remainder: 1,
      },
    ]);
    // Past days of the month, the 11th (its 2 planned messages fill the quota of 2), and the days
    // after the 60-day horizon (the 9th of May is the last one whose window opens in time).
    expect(calendar.not_allowed).toEqual([
      ...days('2026-03-01', '2026-03-09'),
      '2026-03-11',
      ...days('2026-05-10', '2026-05-31'),
    ]);
    // A bigger quota frees the 11th; a new send-out of 5 a day fits neither the 11th nor the 12th.
    const roomier = await json<CalendarResponse>('calendar', '&quote_for_day=3&between_time=10');
    expect(roomier.not_allowed.filter((d) => d.startsWith('2026-03-1'))).toEqual([]);
    const bigger = await json<CalendarResponse>('calendar', '&quote_for_day=6&between_time=10&batch_len=5&count=20');
    expect(bigger.not_allowed.filter((d) => d >= '2026-03-10' && d < '2026-04-01')).toEqual(['2026-03-11']);
    const res = await calls.get('calendar', yekaterinburg, '&quote_for_day=2&between_time=601');
    expect(res.statusCode).toBe(400);
  });

  it('details a local day with the messages of that day', async () => {
    expect(await json('calendar_detail', '&date=2026-03-11&between_time=10')).toEqual([
      {
        sendout_id: planned,
        msg: 'Скидка 10% до пятницы',
        time_start: '2026-03-11T05:00:00.000Z',
        batch_len: 2,
        visits_median: null,
        last_visit_time_median: null,
      },
    ]);
    expect(await json('calendar_detail', '&date=2026-03-12&between_time=10')).toEqual([
      {
        sendout_id: planned,
        msg: 'Скидка 10% до пятницы',
        time_start: '2026-03-11T19:00:00.000Z',
        batch_len: 1,
        visits_median: null,
        last_visit_time_median: null,
      },
    ]);
    expect(await json('calendar_detail', '&date=2026-03-13&between_time=10')).toEqual([]);
    expect((await calls.get('calendar_detail', yekaterinburg, '&date=2026-02-30&between_time=10')).statusCode).toBe(
      400,
    );
  });

  const allowed = (date: string, delay: 0 | 1, extra = '') =>
    json<AllowedToRunResponse>(
      'allowed_to_run',
      `&date=${encodeURIComponent(date)}&instance_id=any&batch_len=10&count=5&time_to_msk=2&between_time=10&delay=${delay}${extra}`,
    );

  it('judges a start against the planned send-out, the clock and the window', async () => {
    // Five messages 10 s apart take 50 s.
    expect(await allowed('2026-03-11T10:00:00+05:00', 1)).toEqual({
      allowed: false,
      duration: 50,
      ok: true,
      status: PLAN_STATUS.crosses,
    });
    expect(await allowed('2026-03-11T10:05:00+05:00', 1)).toEqual({
      allowed: true,
      duration: 50,
      ok: true,
      status: PLAN_STATUS.allowed,
    });
    // 10:01:30 is put on the 5-minute step (10:05), as the launch would be.
    expect((await allowed('2026-03-11T10:01:30+05:00', 1)).allowed).toBe(true);
    // Immediate: the date is not looked at; now (14:00 local) is free.
    expect((await allowed('2026-03-11T10:00:00+05:00', 0)).status).toBe(PLAN_STATUS.allowed);
    expect(await allowed('2026-03-10T10:00:00+05:00', 1)).toEqual({
      allowed: false,
      duration: 0,
      ok: true,
      status: PLAN_STATUS.startInPast,
    });
    expect((await allowed('2026-03-11T23:30:00+05:00', 1)).status).toBe(PLAN_STATUS.outsideWindow);
    const bad = await calls.get('allowed_to_run', yekaterinburg, '&date=tomorrow&instance_id=x&batch_len=1&count=1');
    expect(bad.statusCode).toBe(400);
  });

  it('follows the branch’s sending window and shows a send-out that is sending as active', async () => {
    await app.runtime.database.db
      .insert(sendingSettings)
      .values({ accId: yekaterinburg, sendFrom: '09:00', sendTo: '20:00' });
    expect((await allowed('2026-03-12T08:55:00+05:00', 1)).status).toBe(PLAN_STATUS.outsideWindow);
    expect((await allowed('2026-03-12T09:00:00+05:00', 1)).status).toBe(PLAN_STATUS.allowed);

    const draft = await calls.parse(yekaterinburg, [['Телефон'], ['79580000011']]);
    const res = await calls.postForm('start_sendout', yekaterinburg, {
      sendout_id: draft.sendout_id,
      text: 'Сейчас',
      count: 1,
      sendout_batch_len: 1,
      between_time: 10,
    });
    expect(res.json<StartSendoutResponse>().status).toBe('started');
    const calendar = await json<CalendarResponse>('calendar', '&quote_for_day=10&between_time=10');
    expect(calendar.sendout_list.map((s) => [s.sendout_id, s.is_active_sendout, s.start_date])).toEqual([
      [draft.sendout_id, true, '2026-03-10T09:00:00.000Z'],
      [planned, false, '2026-03-11T05:00:00.000Z'],
    ]);
  });
});
