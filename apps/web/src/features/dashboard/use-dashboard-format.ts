import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@salon/contract/constants';
import { formatPhone } from '@salon/contract/phone';
import { formatMoney } from '../../shared/i18n/format-money';
import { localeOf } from '../../shared/i18n/format-date-time';
import { useDateFormat } from '../../shared/i18n/use-date-format';
import { isDayKey } from '../../shared/lib/datetime';

export interface DashboardFormat {
  number: (value: number) => string;
  // 0…100 → '12,5 %' / '12.5%'.
  percent: (value: number) => string;
  money: (amount: number, currency?: Currency) => string;
  // A day key ('YYYY-MM-DD') or an instant, as the branch's day.
  day: (value: string) => string;
  dateTime: (value: string) => string;
  phone: (digits: string) => string;
}

// Numbers in the interface language, money in the branch's currency (SPEC 9), dates on the branch's clocks.
export function useDashboardFormat(branchCurrency: Currency): DashboardFormat {
  const { i18n } = useTranslation();
  const dates = useDateFormat();
  const locale = localeOf(i18n.language);
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    return {
      number: (value) => numbers.format(value),
      percent: (value) => percents.format(value / 100),
      money: (amount, currency) => formatMoney(amount, currency ?? branchCurrency),
      day: (value) => (isDayKey(value) ? dates.day(value) : dates.date(value)),
      dateTime: (value) => dates.dateTime(value),
      phone: (digits) => (/^\d+$/.test(digits) ? formatPhone(digits) : digits),
    };
  }, [locale, dates, branchCurrency]);
}
