import { describe, expect, it } from 'vitest';
import type { SmsBalance } from '@salon/contract/settings';
import { formatSmsBalance, showsSmsBalance, smsBalanceView } from './sms-balance-rules';

// Intl separates groups with a no-break space (U+00A0 or U+202F); compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const answer = (patch: Partial<SmsBalance>): SmsBalance => ({
  provider: 'smsru',
  balance: null,
  currency: null,
  status: 'ok',
  checked_at: '2026-03-10T09:00:00.000Z',
  ...patch,
});

describe('formatSmsBalance', () => {
  it('formats in the interface language with two decimals', () => {
    expect(plain(formatSmsBalance(1234.5, null, 'ru'))).toBe('1 234,50');
    expect(formatSmsBalance(1234.5, null, 'en')).toBe('1,234.50');
    expect(plain(formatSmsBalance(0, null, 'ru'))).toBe('0,00');
  });

  it('adds the currency only when the provider names it', () => {
    expect(plain(formatSmsBalance(1234.5, 'RUB', 'ru'))).toBe('1 234,50 ₽');
    expect(formatSmsBalance(12.3, 'USD', 'en')).toBe('$12.30');
    expect(plain(formatSmsBalance(5, 'not a code', 'ru'))).toBe('5,00 not a code');
  });
});

describe('showsSmsBalance', () => {
  it('shows the line only for the saved provider', () => {
    expect(showsSmsBalance(2, 2)).toBe(true);
    expect(showsSmsBalance(2, 3)).toBe(false);
    expect(showsSmsBalance(null, 1)).toBe(false);
    expect(showsSmsBalance(undefined, 2)).toBe(false);
  });
});

describe('smsBalanceView', () => {
  it('shows the amount when the provider reported it', () => {
    const view = smsBalanceView(answer({ balance: 10, currency: 'RUB' }), 'en');
    expect(view.kind === 'amount' && plain(view.text)).toBe('RUB 10.00');
  });

  it('names the other statuses', () => {
    expect(smsBalanceView(answer({ status: 'sandbox' }), 'ru')).toEqual({ kind: 'note', key: 'sms.balance.sandbox' });
    expect(smsBalanceView(answer({ status: 'not_supported' }), 'ru')).toEqual({
      kind: 'note',
      key: 'sms.balance.not_supported',
    });
    expect(smsBalanceView(answer({ status: 'off', provider: null }), 'ru')).toEqual({
      kind: 'note',
      key: 'sms.balance.off',
    });
    expect(smsBalanceView(answer({ status: 'ok', balance: null }), 'ru')).toEqual({
      kind: 'note',
      key: 'sms.balance.unavailable',
    });
  });
});
