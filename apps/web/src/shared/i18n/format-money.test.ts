import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('money (SPEC 9 currencies)', () => {
  it('formats RUB the Russian way and USD the American way', () => {
    expect(formatMoney(1234.5, 'RUB').replace(/\s/g, ' ')).toBe('1 234,5 ₽');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.5');
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0');
  });
});
