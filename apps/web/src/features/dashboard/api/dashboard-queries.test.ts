import { describe, expect, it } from 'vitest';
import { periodPart } from './dashboard-queries';

describe('dashboard card calls', () => {
  it('send a picked period as date_start and date_end, in the query of a GET and the body of the POST', () => {
    const period = { from: '2026-11-01', to: '2026-11-26' };
    expect(periodPart(period)).toEqual({ query: { date_start: '2026-11-01', date_end: '2026-11-26' } });
    expect(periodPart(period, 'POST')).toEqual({
      method: 'POST',
      body: { date_start: '2026-11-01', date_end: '2026-11-26' },
    });
  });

  it('send no dates for all time (the server ends it on its today) and for the calls without a period', () => {
    expect(periodPart(null)).toEqual({ query: {} });
    expect(periodPart(null, 'POST')).toEqual({ method: 'POST', body: {} });
    expect(periodPart('none')).toEqual({ query: {} });
  });
});
