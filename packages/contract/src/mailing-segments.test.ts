import { describe, expect, it } from 'vitest';
import {
  anniversaryWindow,
  birthDatesForAge,
  createSegmentQuery,
  getClientsFromYclBody,
  inAnniversaryWindow,
  isRealDate,
  rangeInOrder,
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_ISSUE,
  SEGMENT_NAME_MAX,
  segmentFilters,
  updateSegmentQuery,
  yearsBefore,
} from './mailing-segments.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('segment filters (SPEC 3 Segment)', () => {
  it('accepts every condition kind with the fields SPEC 3 lists', () => {
    const filters = {
      operation: 'OR',
      conditions: [
        {
          type: 'client',
          gender: [1, 2],
          clientCategory: { mode: 'exclude', ids: ['3'] },
          isGotSendOuts: false,
          birthdayPeriod: { from: '2026-12-25', to: '2027-01-05' },
          agePeriod: { from: 18, to: 35 },
        },
        {
          type: 'record',
          staff: ['1'],
          services: ['2', '5'],
          serviceCategories: ['3'],
          period: { from: '2026-01-01', to: null },
          recordsCount: { from: 2, to: 10 },
          soldAmount: { from: 1000.5, to: null },
          visit: 'not_visited',
        },
        {
          type: 'sale',
          goods: ['4'],
          saleDate: { from: '2026-02-01', to: '2026-02-28' },
          certificates: { types: ['7'], used: false, balance: { from: 100, to: 500 }, expiry: null, saleDate: null },
          subscriptions: {
            types: ['8'],
            used: true,
            statuses: ['activated', 'balance_exhausted'],
            frozen: false,
            expiry: { from: '2026-03-01', to: '2026-06-30' },
            remainingServices: { from: 1, to: null },
          },
        },
        { type: 'sent_earlier', period: { from: '2026-01-01', to: '2026-03-01' }, got: true },
      ],
    };
    const parsed = segmentFilters.safeParse(filters);
    expect(issues(parsed)).toEqual([]);
    expect(parsed.data?.conditions).toHaveLength(4);
  });

  it('treats an empty condition list as valid (every client) and refuses an unknown kind or operation', () => {
    expect(segmentFilters.safeParse({ operation: 'AND', conditions: [] }).success).toBe(true);
    expect(segmentFilters.safeParse({ operation: 'XOR', conditions: [] }).success).toBe(false);
    expect(segmentFilters.safeParse({ operation: 'AND', conditions: [{ type: 'loyalty' }] }).success).toBe(false);
  });

  it('refuses ranges whose from is after to, at the to field', () => {
    const bad = segmentFilters.safeParse({
      operation: 'AND',
      conditions: [
        { type: 'record', recordsCount: { from: 5, to: 2 }, period: { from: '2026-03-02', to: '2026-03-01' } },
        { type: 'client', agePeriod: { from: 40, to: 30 } },
      ],
    });
    expect(issues(bad).sort()).toEqual(
      [
        `conditions.0.recordsCount.to: ${SEGMENT_ISSUE.rangeOrder}`,
        `conditions.0.period.to: ${SEGMENT_ISSUE.rangeOrder}`,
        `conditions.1.agePeriod.to: ${SEGMENT_ISSUE.rangeOrder}`,
      ].sort(),
    );
    // Equal ends are one value, not a broken range.
    expect(
      segmentFilters.safeParse({ operation: 'AND', conditions: [{ type: 'record', recordsCount: { from: 3, to: 3 } }] })
        .success,
    ).toBe(true);
  });

  it('refuses dates that do not exist, negative counts and fractional ages', () => {
    const cases = [
      { type: 'sale', saleDate: { from: '2026-02-30', to: null } },
      { type: 'sent_earlier', period: { from: '2026-13-01', to: '2026-12-01' }, got: true },
      { type: 'record', recordsCount: { from: -1, to: null } },
      { type: 'client', agePeriod: { from: 1.5, to: null } },
      { type: 'client', clientCategory: { mode: 'include', ids: [] } },
      { type: 'sent_earlier', period: { from: '2026-01-01' }, got: true },
    ];
    for (const condition of cases) {
      expect(
        segmentFilters.safeParse({ operation: 'AND', conditions: [condition] }).success,
        JSON.stringify(condition),
      ).toBe(false);
    }
    expect(issues(segmentFilters.safeParse({ operation: 'AND', conditions: [cases[0]] }))).toEqual([
      `conditions.0.saleDate.from: ${SEGMENT_ISSUE.invalidDate}`,
    ]);
  });
});

describe('segment name and description (SPEC 7 query)', () => {
  it('requires a trimmed name of at most 255 characters and a description of at most 2000', () => {
    expect(createSegmentQuery.parse({ segment_name: '  Постоянные  ' })).toEqual({ segment_name: 'Постоянные' });
    expect(issues(createSegmentQuery.safeParse({ segment_name: '   ' }))).toEqual([
      `segment_name: ${SEGMENT_ISSUE.nameRequired}`,
    ]);
    expect(createSegmentQuery.safeParse({ segment_name: 'x'.repeat(SEGMENT_NAME_MAX) }).success).toBe(true);
    expect(issues(createSegmentQuery.safeParse({ segment_name: 'x'.repeat(SEGMENT_NAME_MAX + 1) }))).toEqual([
      `segment_name: ${SEGMENT_ISSUE.nameTooLong}`,
    ]);
    expect(
      issues(
        createSegmentQuery.safeParse({
          segment_name: 'a',
          segment_description: 'd'.repeat(SEGMENT_DESCRIPTION_MAX + 1),
        }),
      ),
    ).toEqual([`segment_description: ${SEGMENT_ISSUE.descriptionTooLong}`]);
  });

  it('reads segment_id from the query string and refuses one that is not a positive integer', () => {
    expect(updateSegmentQuery.parse({ segment_id: '12' })).toEqual({ segment_id: 12 });
    for (const id of ['0', '-3', 'abc', '1.5'])
      expect(updateSegmentQuery.safeParse({ segment_id: id }).success).toBe(false);
  });

  it('takes the get_clients_from_ycl body with the operation beside the conditions', () => {
    expect(
      getClientsFromYclBody.parse({
        operation: 'AND',
        loyalty_action_id: null,
        filters: [{ type: 'client', gender: [2] }],
      }),
    ).toEqual({ operation: 'AND', loyalty_action_id: null, filters: [{ type: 'client', gender: [2] }] });
    expect(getClientsFromYclBody.safeParse({ operation: 'AND' }).success).toBe(false);
  });
});

describe('segment date rules', () => {
  it('knows real dates and range order', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2026-4-01')).toBe(false);
    expect(rangeInOrder(1, null)).toBe(true);
    expect(rangeInOrder('2026-01-02', '2026-01-01')).toBe(false);
  });

  it('turns ages into dates of birth, full years on the day', () => {
    // 30 to 35 years old on 2026-03-10: born 1990-03-11 … 1996-03-10.
    expect(birthDatesForAge('2026-03-10', { from: 30, to: 35 })).toEqual({ from: '1990-03-11', to: '1996-03-10' });
    expect(birthDatesForAge('2026-03-10', { from: null, to: 17 })).toEqual({ from: '2008-03-11', to: null });
    expect(birthDatesForAge('2026-03-10', { from: 65 })).toEqual({ from: null, to: '1961-03-10' });
    expect(yearsBefore('2024-02-29', 1)).toBe('2023-02-28');
  });

  it('finds birthdays in a period whatever the year, across New Year too', () => {
    const march = anniversaryWindow('2026-03-08', '2026-03-15');
    expect(march).toEqual({ kind: 'within', from: '03-08', to: '03-15' });
    expect(inAnniversaryWindow('1990-03-08', march)).toBe(true);
    expect(inAnniversaryWindow('1985-03-16', march)).toBe(false);
    const newYear = anniversaryWindow('2026-12-25', '2027-01-05');
    expect(newYear.kind).toBe('wrap');
    expect(inAnniversaryWindow('1990-12-31', newYear)).toBe(true);
    expect(inAnniversaryWindow('1990-01-05', newYear)).toBe(true);
    expect(inAnniversaryWindow('1990-01-06', newYear)).toBe(false);
    expect(anniversaryWindow('2026-03-10', '2027-03-10')).toEqual({ kind: 'all' });
    const almostYear = anniversaryWindow('2026-03-10', '2027-03-09');
    expect(['03-09', '03-10', '07-01', '01-01'].every((md) => inAnniversaryWindow(`2000-${md}`, almostYear))).toBe(
      true,
    );
  });
});
