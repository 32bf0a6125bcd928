import { describe, expect, it } from 'vitest';
import type { MailingStatsRowWire } from '@salon/contract/mailing-stats';
import { detailHref, labelFromState, sendoutLabel, statsRowsOf } from './stats-rows';

const wire: MailingStatsRowWire = {
  sendout_id: 's-1',
  text: 'Весенняя скидка',
  date: '2026-03-05T23:30:00+10:00',
  summ: 4500,
  visits: 3,
  last_visit_days: 40,
  recipients: 10,
  read: 7,
  answers: 3,
  sign_up: 2,
  summ_one_msg: 450,
  percent_read: 70,
  conversion_answers: 30,
  conversion_sign_up: 20,
  date_finish_sendout: null,
  sendout_stop_flag: true,
  status: 'paused',
  stall: null,
};

describe('table rows', () => {
  it('maps the wire to SPEC 3 client names and keeps the status', () => {
    const [row] = statsRowsOf([wire]);
    expect(row).toMatchObject({
      id: 's-1',
      date: '2026-03-05',
      time: '23:30',
      signUp: 2,
      sum: 4500,
      conversionRead: 70,
      dateFinishSendout: '',
      sendoutStopFlag: true,
      status: 'paused',
      stall: null,
    });
  });

  it("keeps why a started send-out waits (the started list's stall)", () => {
    const stall = { reason: 'daily_limit' as const, resumes_at: '2026-03-06T07:00:00.000Z' };
    const [row] = statsRowsOf([{ ...wire, status: 'started', stall }]);
    expect(row?.stall).toEqual(stall);
  });

  it('links a row to its detail with the branch', () => {
    expect(detailHref('s 1', 1001)).toBe('/mailing/statistics?sendout_id=s+1&accId=1001');
    expect(detailHref('s-1', null)).toBe('/mailing/statistics?sendout_id=s-1');
  });

  it('names a send-out by its start and text, and reads the name back from a link', () => {
    const [row] = statsRowsOf([wire]);
    expect(sendoutLabel(row!, 'ru')).toBe('05.03.2026 23:30 · Весенняя скидка');
    expect(labelFromState({ sendoutLabel: 'x' })).toBe('x');
    expect(labelFromState({ sendoutLabel: 5 })).toBeNull();
    expect(labelFromState(null)).toBeNull();
  });
});
