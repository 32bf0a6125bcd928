import { describe, expect, it } from 'vitest';
import { autopayMonths, autopaySchedule, autopayView } from './autopay-rules';

const paid = { pay_date: '2026-12-10' };

describe('autopayView', () => {
  it('is off when autopay is off, whatever the card', () => {
    expect(autopayView({ ...paid, autopay: false, last_4: '4242' }, '2026-11-26')).toEqual({ kind: 'off' });
  });

  it('shows the card and the schedule when on', () => {
    expect(autopayView({ ...paid, autopay: true, last_4: '4242' }, '2026-11-26')).toEqual({
      kind: 'on',
      last4: '4242',
      schedule: { kind: 'scheduled', day: '2026-12-07', till: '2026-12-10' },
    });
    expect(autopayView({ ...paid, autopay: true, last_4: null }, '2026-11-26')).toMatchObject({ last4: null });
  });
});

describe('autopaySchedule', () => {
  it('first tries 3 days before the paid-till day, including on that day', () => {
    expect(autopaySchedule(paid, '2026-11-26')).toEqual({ kind: 'scheduled', day: '2026-12-07', till: '2026-12-10' });
    expect(autopaySchedule(paid, '2026-12-07')).toEqual({ kind: 'scheduled', day: '2026-12-07', till: '2026-12-10' });
  });

  it('names the next try while the paid-till day has not moved', () => {
    expect(autopaySchedule(paid, '2026-12-08')).toEqual({ kind: 'retrying', day: '2026-12-09', till: '2026-12-10' });
    expect(autopaySchedule(paid, '2026-12-09')).toEqual({ kind: 'retrying', day: '2026-12-09', till: '2026-12-10' });
    expect(autopaySchedule(paid, '2026-12-10')).toEqual({ kind: 'retrying', day: '2026-12-11', till: '2026-12-10' });
    expect(autopaySchedule(paid, '2026-12-11')).toEqual({ kind: 'retrying', day: '2026-12-11', till: '2026-12-10' });
  });

  it('after the last try gives the grace end, then says the channels are stopped', () => {
    expect(autopaySchedule(paid, '2026-12-12')).toEqual({ kind: 'failed', graceEnd: '2026-12-13', till: '2026-12-10' });
    expect(autopaySchedule(paid, '2026-12-13')).toEqual({ kind: 'failed', graceEnd: '2026-12-13', till: '2026-12-10' });
    expect(autopaySchedule(paid, '2026-12-14')).toEqual({ kind: 'lapsed', till: '2026-12-10' });
  });

  it('counts across a month end', () => {
    expect(autopaySchedule({ pay_date: '2027-03-02' }, '2027-02-01')).toEqual({
      kind: 'scheduled',
      day: '2027-02-27',
      till: '2027-03-02',
    });
  });

  it('waits for a first payment when nothing is paid', () => {
    expect(autopaySchedule({ pay_date: null }, '2026-11-26')).toEqual({ kind: 'waitsForPayment' });
  });
});

describe('autopayMonths', () => {
  it('repeats the last payment period', () => {
    expect(autopayMonths(6, 'RUB')).toBe(6);
    expect(autopayMonths(12, 'USD')).toBe(12);
  });

  it('falls back to the shortest period the currency sells', () => {
    expect(autopayMonths(null, 'RUB')).toBe(1);
    expect(autopayMonths(null, 'USD')).toBe(3);
    expect(autopayMonths(1, 'USD')).toBe(3);
  });
});
