import { describe, expect, it } from 'vitest';
import type { CrmClientMatch } from '../../../crm/crm.js';
import { RecipientCollector } from './recipients.js';

describe('segment clients as recipients, counted like a client list', () => {
  const match = (id: string, phone: string, name = `Клиент ${id}`): CrmClientMatch => ({
    client: { id, name, phone },
    visits: Number(id),
    lastVisitAt: id === '1' ? new Date('2026-02-01T10:00:00Z') : null,
  });
  const collect = (matches: CrmClientMatch[], blacklist: string[] = [], max = 100) => {
    const collector = new RecipientCollector(new Set(blacklist), max);
    const accepted = matches.map((m) => collector.add(m, RecipientCollector.phoneOf(m)));
    return { collector, accepted };
  };

  it('keeps the first client of a phone and counts invalid, duplicate and blacklisted ones', () => {
    const { collector } = collect(
      [
        match('1', '79160000001', '  Анна   Петрова '),
        match('2', '8 916 000-00-01'),
        match('3', '12345'),
        match('4', '+7 (916) 000-00-04'),
        match('5', ''),
        match('6', '79160000006'),
      ],
      ['79160000004'],
    );
    expect(collector.counts).toEqual({ rows: 6, clients: 2, duplicates: 1, blacklisted: 1, invalid: 2, empty: 0 });
    expect(collector.recipients).toEqual([
      {
        phone: '79160000001',
        name: 'Анна Петрова',
        vars: {},
        visits: 1,
        lastVisitAt: new Date('2026-02-01T10:00:00Z'),
      },
      { phone: '79160000006', name: 'Клиент 6', vars: {}, visits: 6, lastVisitAt: null },
    ]);
  });

  it('refuses the row past the limit', () => {
    const { accepted, collector } = collect(
      [match('1', '79160000001'), match('2', '79160000002'), match('3', '79160000003')],
      [],
      2,
    );
    expect(accepted).toEqual([true, true, false]);
    expect(collector.counts.rows).toBe(2);
  });
});
