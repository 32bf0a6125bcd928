import type { SmsBalance } from '@salon/contract/settings';
import { localeOf } from '../../shared/i18n/format-date-time';

// The balance as the /sms page shows it: two decimals in the interface language's format, with the
// currency sign only when the provider's currency is known ("1 234,50 ₽", else "1 234,50").
export function formatSmsBalance(balance: number, currency: string | null, language: string | undefined): string {
  const locale = localeOf(language);
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { ...digits, style: 'currency', currency }).format(balance);
    } catch {
      // Not an ISO 4217 code Intl knows: the number, then the code as the provider wrote it.
      return `${new Intl.NumberFormat(locale, digits).format(balance)} ${currency}`;
    }
  }
  return new Intl.NumberFormat(locale, digits).format(balance);
}

// The balance line is shown only for the provider that is saved: a draft with another provider
// (or off) has no account to ask yet.
export function showsSmsBalance(savedProviderId: number | null | undefined, draftProviderId: number): boolean {
  return savedProviderId != null && savedProviderId === draftProviderId;
}

export type SmsBalanceView =
  { kind: 'amount'; text: string } | { kind: 'note'; key: `sms.balance.${Exclude<SmsBalance['status'], 'ok'>}` };

export function smsBalanceView(answer: SmsBalance, language: string | undefined): SmsBalanceView {
  if (answer.status === 'ok' && answer.balance !== null) {
    return { kind: 'amount', text: formatSmsBalance(answer.balance, answer.currency, language) };
  }
  return { kind: 'note', key: `sms.balance.${answer.status === 'ok' ? 'unavailable' : answer.status}` };
}
