import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';

// A parse answer as /parse_xlsx gives it, for the unit tests.
export function parsedFixture(overrides: Partial<ParsedClientFile> = {}): ParsedClientFile {
  return {
    keys: ['name', 'phone', 'visits'],
    count: 120,
    duration: 3600,
    send_days: 1,
    sendout_id: 'so_test',
    instance_id: 'inst-1',
    time_to_msk: 2,
    visits_median: 3,
    sendout_batch_len: 500,
    last_visit_time_median: 40,
    consent: { consent_count: 50, neutral_count: 40, declined_count: 10, active_count: 20 },
    owner_phone: '79990000000',
    allowed_start: '2026-03-10T07:05:00.000Z',
    immediate_start: true,
    clients_without_records: 7,
    between_time: 10,
    quote_for_day: 500,
    report: { rows: 130, clients: 120, duplicates: 4, blacklisted: 3, invalid: 2, empty: 1 },
    sample: { name: 'Анна', phone: '79991112233', visits: '3' },
    ...overrides,
  };
}
