import { describe, expect, it } from 'vitest';
import {
  localCrmCreateRecordBody,
  localCrmMoveBody,
  localCrmRecordsQuery,
  normalizeClientPhone,
  parseLocalDate,
  parseLocalDateTime,
} from './local-crm.js';

describe('local CRM rules', () => {
  it('normalises client phones to digits with the country code', () => {
    expect(normalizeClientPhone('+7 (999) 123-45-67')).toBe('79991234567');
    expect(normalizeClientPhone('8 999 123 45 67')).toBe('79991234567');
    expect(normalizeClientPhone('9991234567')).toBe('79991234567');
    expect(normalizeClientPhone('+44 20 7946 0958')).toBe('442079460958');
    expect(normalizeClientPhone('12345')).toBeNull();
    expect(normalizeClientPhone('0991234567')).toBeNull();
    expect(normalizeClientPhone('тел. 79991234567')).toBeNull();
    expect(normalizeClientPhone('7'.repeat(16))).toBeNull();
  });

  it('reads calendar dates and wall-clock times strictly', () => {
    expect(parseLocalDate('2026-03-12')).toEqual({ year: 2026, month: 3, day: 12, hour: 0, minute: 0 });
    expect(parseLocalDate('2026-02-29')).toBeNull();
    expect(parseLocalDateTime('2026-03-12T09:05')).toEqual({ year: 2026, month: 3, day: 12, hour: 9, minute: 5 });
    expect(parseLocalDateTime('2026-03-12T24:00')).toBeNull();
    expect(parseLocalDateTime('2026-03-12 09:05')).toBeNull();
  });

  it('asks for exactly one way to name the client, and something to move', () => {
    const base = { staff_id: '1', service_ids: ['1'], start: '2026-03-12T11:00' };
    expect(localCrmCreateRecordBody.safeParse({ ...base, client_id: '3' }).success).toBe(true);
    expect(localCrmCreateRecordBody.safeParse({ ...base, client: { name: 'Ира', phone: '79990000000' } }).success).toBe(
      true,
    );
    expect(localCrmCreateRecordBody.safeParse(base).success).toBe(false);
    expect(
      localCrmCreateRecordBody.safeParse({ ...base, client_id: '3', client: { name: 'Ира', phone: '79990000000' } })
        .success,
    ).toBe(false);
    expect(localCrmMoveBody.safeParse({}).success).toBe(false);
    expect(localCrmMoveBody.safeParse({ staff_id: '2' }).success).toBe(true);
  });

  it('limits the records range to a month, in order', () => {
    expect(localCrmRecordsQuery.safeParse({ from: '2026-03-01', to: '2026-03-31' }).success).toBe(true);
    expect(localCrmRecordsQuery.safeParse({ from: '2026-03-01', to: '2026-04-01' }).success).toBe(false);
    expect(localCrmRecordsQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  });
});
