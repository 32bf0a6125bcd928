import { describe, expect, it } from 'vitest';
import { promoUrlForDisplay, type PartnerTableRow } from '@salon/contract/partners';
import { ApiError } from '../../shared/api/api-error';
import {
  DEFAULT_TABLE_SORT,
  filterRows,
  formatPercent,
  formatRate,
  hasFilters,
  nextSort,
  paidTill,
  promoFailure,
  promoProblems,
  qrSource,
  sortRows,
  toAddPromoQuery,
} from './program-rules';

function row(patch: Partial<PartnerTableRow> & { acc_id: number }): PartnerTableRow {
  return {
    filial_name: `Salon ${patch.acc_id}`,
    promo_code: 'BARHAT',
    connection_date: '2026-01-10',
    first_pay_date: null,
    pay_till_date: null,
    comment: null,
    filial_status: 'active',
    created_at: '2026-01-10T10:00:00Z',
    pay_status: false,
    paid_till: null,
    ...patch,
  };
}

const ids = (rows: readonly PartnerTableRow[]) => rows.map((r) => r.acc_id);

describe('sortRows', () => {
  const rows = [
    row({ acc_id: 30, filial_name: 'Берёза', first_pay_date: '2026-03-01' }),
    row({ acc_id: 4, filial_name: 'арбуз', first_pay_date: null }),
    row({ acc_id: 12, filial_name: 'Вишня', first_pay_date: '2026-02-01' }),
  ];

  it('sorts by account id ascending by default (SPEC 9), numerically', () => {
    expect(DEFAULT_TABLE_SORT).toEqual({ column: 'acc_id', desc: false });
    expect(ids(sortRows(rows, DEFAULT_TABLE_SORT))).toEqual([4, 12, 30]);
    expect(ids(sortRows(rows, { column: 'acc_id', desc: true }))).toEqual([30, 12, 4]);
  });

  it('keeps missing dates last in both directions', () => {
    expect(ids(sortRows(rows, { column: 'first_pay_date', desc: false }))).toEqual([12, 30, 4]);
    expect(ids(sortRows(rows, { column: 'first_pay_date', desc: true }))).toEqual([30, 12, 4]);
  });

  it('sorts names by the locale and does not touch its input', () => {
    const copy = [...rows];
    expect(ids(sortRows(rows, { column: 'filial_name', desc: false }))).toEqual([4, 30, 12]);
    expect(rows).toEqual(copy);
  });

  it('falls back to the account id on ties', () => {
    const same = [row({ acc_id: 9 }), row({ acc_id: 2 })];
    expect(ids(sortRows(same, { column: 'filial_status', desc: true }))).toEqual([2, 9]);
  });

  it('reads paid till from the subscription first', () => {
    expect(paidTill({ paid_till: '2026-05-01', pay_till_date: '2026-04-01' })).toBe('2026-05-01');
    expect(paidTill({ paid_till: null, pay_till_date: '2026-04-01' })).toBe('2026-04-01');
  });

  it('flips the sorted column and starts another ascending', () => {
    expect(nextSort(DEFAULT_TABLE_SORT, 'acc_id')).toEqual({ column: 'acc_id', desc: true });
    expect(nextSort({ column: 'acc_id', desc: true }, 'paid_till')).toEqual({ column: 'paid_till', desc: false });
  });
});

describe('filterRows', () => {
  const rows = [
    row({ acc_id: 101, filial_name: 'Бархат на Невском', filial_status: 'active' }),
    row({ acc_id: 202, filial_name: 'Волна', filial_status: 'on_test' }),
    row({ acc_id: 303, filial_name: 'бархат юг', filial_status: 'not_paid' }),
  ];

  it('keeps everything without filters', () => {
    expect(ids(filterRows(rows, { statuses: [], search: '  ' }))).toEqual([101, 202, 303]);
    expect(hasFilters({ statuses: [], search: '  ' })).toBe(false);
  });

  it('filters by any of the chosen statuses', () => {
    expect(ids(filterRows(rows, { statuses: ['on_test', 'not_paid'], search: '' }))).toEqual([202, 303]);
  });

  it('searches the name case-insensitively, or the account id', () => {
    expect(ids(filterRows(rows, { statuses: [], search: 'БАРХАТ' }))).toEqual([101, 303]);
    expect(ids(filterRows(rows, { statuses: [], search: '20' }))).toEqual([202]);
    expect(ids(filterRows(rows, { statuses: ['active'], search: 'бархат' }))).toEqual([101]);
  });
});

describe('numbers', () => {
  it('shows percent paid with two decimals in the interface language', () => {
    expect(formatPercent(33.33, 'en-US')).toBe('33.33%');
    expect(formatPercent(50, 'en-US')).toBe('50.00%');
    expect(formatPercent(12.5, 'ru-RU').replace(/\s/g, ' ')).toBe('12,50 %');
  });

  it('shows rates given as fractions', () => {
    expect(formatRate(0.2, 'en-US')).toBe('20%');
    expect(formatRate(0.125, 'en-US')).toBe('12.5%');
  });

  it('shows a punycode promo URL in its Russian form (SPEC 9)', () => {
    expect(promoUrlForDisplay('https://xn--80aswg.xn--p1ai/r/BARHAT')).toBe('https://сайт.рф/r/BARHAT');
    expect(promoUrlForDisplay('https://example.com/r/X')).toBe('https://example.com/r/X');
  });
});

describe('create promo code form', () => {
  const good = { code: ' volkov45 ', name: 'Осень', days: '45' };

  it('accepts a good form and sends the stored code form', () => {
    expect(promoProblems(good, ['VOLKOV'])).toEqual({});
    expect(toAddPromoQuery(good)).toEqual({ promo_code: 'VOLKOV45', promo_name: 'Осень', days: 45 });
  });

  it('names every bad field', () => {
    expect(promoProblems({ code: '', name: ' ', days: '' }, [])).toEqual({
      code: 'codeRequired',
      name: 'nameRequired',
      days: 'daysInvalid',
    });
    expect(promoProblems({ ...good, code: 'ab' }, []).code).toBe('codeInvalid');
    expect(promoProblems({ ...good, code: 'промо' }, []).code).toBe('codeInvalid');
    expect(promoProblems({ ...good, code: 'volkov' }, ['VOLKOV']).code).toBe('codeTaken');
  });

  it('keeps bonus days within 0…365', () => {
    expect(promoProblems({ ...good, days: '0' }, []).days).toBeUndefined();
    expect(promoProblems({ ...good, days: '365' }, []).days).toBeUndefined();
    expect(promoProblems({ ...good, days: '366' }, []).days).toBe('daysInvalid');
    expect(promoProblems({ ...good, days: '-1' }, []).days).toBe('daysInvalid');
    expect(promoProblems({ ...good, days: '1.5' }, []).days).toBe('daysInvalid');
  });

  it('translates the server refusals to their fields', () => {
    expect(promoFailure(new ApiError('promo_code_taken', 409))).toEqual({ field: 'code', key: 'codeTaken' });
    expect(
      promoFailure(
        new ApiError('Bad request', 400, undefined, [{ path: 'querystring.days', code: 'bonus_days_invalid' }]),
      ),
    ).toEqual({
      field: 'days',
      key: 'daysInvalid',
    });
    expect(promoFailure(new ApiError('promo_code_invalid', 400))?.key).toBe('codeInvalid');
    expect(promoFailure(new ApiError('Internal Server Error', 500))).toBeNull();
  });
});

describe('qrSource', () => {
  it('keeps data URLs and addresses, wraps bare base64 and SVG, refuses the rest', () => {
    expect(qrSource('data:image/png;base64,AAAA')).toEqual({ src: 'data:image/png;base64,AAAA', extension: 'png' });
    expect(qrSource('https://cdn.example/qr.png')?.src).toBe('https://cdn.example/qr.png');
    expect(qrSource('<svg viewBox="0 0 1 1"></svg>')).toEqual({
      src: 'data:image/svg+xml;charset=utf-8,%3Csvg%20viewBox%3D%220%200%201%201%22%3E%3C%2Fsvg%3E',
      extension: 'svg',
    });
    const png = 'iVBORw0KGgo'.padEnd(80, 'A');
    expect(qrSource(png)?.src).toBe(`data:image/png;base64,${png}`);
    expect(qrSource('')).toBeNull();
    expect(qrSource('BARHAT')).toBeNull();
  });
});
