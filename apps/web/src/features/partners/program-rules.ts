import {
  PARTNER_RULES,
  PARTNER_STATUS,
  isValidPromoCode,
  normalizePromoCode,
  type FilialStatus,
  type PartnerTableRow,
} from '@salon/contract/partners';
import { failureCodes } from '../../shared/api/api-error';
import type { ColumnSort } from '../../shared/ui/sort-header';

// The partner table of a promo code (SPEC 3 Partner, SPEC 9: sorted by account id by default).

export const TABLE_COLUMNS = [
  'acc_id',
  'filial_name',
  'connection_date',
  'first_pay_date',
  'paid_till',
  'filial_status',
] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];
export const DEFAULT_TABLE_SORT: ColumnSort<TableColumn> = { column: 'acc_id', desc: false };

// The day a salon is paid till: the subscription's own date, else the one the partner table keeps.
export function paidTill(row: Pick<PartnerTableRow, 'paid_till' | 'pay_till_date'>): string | null {
  return row.paid_till ?? row.pay_till_date;
}

function sortValue(row: PartnerTableRow, column: TableColumn): string | number | null {
  if (column === 'paid_till') return paidTill(row);
  return row[column];
}

// A click on the sorted column flips it; another column starts ascending.
export function nextSort(sort: ColumnSort<TableColumn>, column: TableColumn): ColumnSort<TableColumn> {
  return sort.column === column ? { column, desc: !sort.desc } : { column, desc: false };
}

// Missing dates stay at the end whichever way the column runs; ties keep account id order.
export function sortRows(rows: readonly PartnerTableRow[], sort: ColumnSort<TableColumn>): PartnerTableRow[] {
  const sign = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.column);
    const y = sortValue(b, sort.column);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      if (order !== 0) return sign * order;
    }
    return a.acc_id - b.acc_id;
  });
}

export interface TableFilters {
  statuses: readonly FilialStatus[];
  search: string;
}

export const NO_TABLE_FILTERS: TableFilters = { statuses: [], search: '' };

// No status chosen means every status; the search matches the filial name or the account id.
export function filterRows(rows: readonly PartnerTableRow[], filters: TableFilters): PartnerTableRow[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return rows.filter(
    (row) =>
      (filters.statuses.length === 0 || filters.statuses.includes(row.filial_status)) &&
      (needle === '' || row.filial_name.toLocaleLowerCase().includes(needle) || String(row.acc_id).startsWith(needle)),
  );
}

export function hasFilters(filters: TableFilters): boolean {
  return filters.statuses.length > 0 || filters.search.trim() !== '';
}

// SPEC 9: percent paid with 2 decimals, in the interface language's number format.
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format((Number.isFinite(percent) ? percent : 0) / 100);
}

// Rates and discounts come as fractions 0…1; shown as a percent without needless decimals.
export function formatRate(fraction: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    Number.isFinite(fraction) ? fraction : 0,
  );
}

// The "Create promo code" form (SPEC 3; the same checks as the contract's addPromoQuery).
export interface PromoForm {
  code: string;
  name: string;
  days: string;
}

export type PromoField = keyof PromoForm;
export type PromoErrorKey = 'codeRequired' | 'codeInvalid' | 'codeTaken' | 'nameRequired' | 'daysInvalid';
export type PromoProblems = Partial<Record<PromoField, PromoErrorKey>>;

export const EMPTY_PROMO_FORM: PromoForm = { code: '', name: '', days: '0' };

function validDays(days: string): boolean {
  if (!/^\d{1,3}$/.test(days.trim())) return false;
  const value = Number(days);
  return value >= PARTNER_RULES.bonusDaysMin && value <= PARTNER_RULES.bonusDaysMax;
}

// `held`: the codes the user already holds, so a repeat is caught before the server is asked.
export function promoProblems(form: PromoForm, held: readonly string[]): PromoProblems {
  const problems: PromoProblems = {};
  const code = normalizePromoCode(form.code);
  if (code === '') problems.code = 'codeRequired';
  else if (!isValidPromoCode(code)) problems.code = 'codeInvalid';
  else if (held.includes(code)) problems.code = 'codeTaken';
  if (form.name.trim() === '') problems.name = 'nameRequired';
  if (!validDays(form.days)) problems.days = 'daysInvalid';
  return problems;
}

export function toAddPromoQuery(form: PromoForm): { promo_code: string; promo_name: string; days: number } {
  return { promo_code: normalizePromoCode(form.code), promo_name: form.name.trim(), days: Number(form.days) };
}

const PROMO_FAILURES: Record<string, { field: PromoField; key: PromoErrorKey }> = {
  [PARTNER_STATUS.promoTaken]: { field: 'code', key: 'codeTaken' },
  [PARTNER_STATUS.promoInvalid]: { field: 'code', key: 'codeInvalid' },
  [PARTNER_STATUS.promoNameInvalid]: { field: 'name', key: 'nameRequired' },
  [PARTNER_STATUS.bonusDaysInvalid]: { field: 'days', key: 'daysInvalid' },
};

// The field and message of a refused add_promo, when the status (or a field issue) names one.
export function promoFailure(error: unknown): { field: PromoField; key: PromoErrorKey } | null {
  for (const { code } of failureCodes(error)) {
    const hit = PROMO_FAILURES[code];
    if (hit) return hit;
  }
  return null;
}

// The promo card's QR as an image source: the server's data URL, address or SVG as given, a bare
// base64 PNG wrapped; null when nothing usable came (the page then draws it from the promo URL).
export function qrSource(qr: string): { src: string; extension: 'png' | 'svg' } | null {
  const value = qr.trim();
  if (value.startsWith('data:image/svg')) return { src: value, extension: 'svg' };
  if (value.startsWith('data:image/') || /^https?:\/\//i.test(value)) return { src: value, extension: 'png' };
  if (value.startsWith('<svg'))
    return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(value)}`, extension: 'svg' };
  if (value.length >= 64 && /^[A-Za-z0-9+/]+=*$/.test(value))
    return { src: `data:image/png;base64,${value}`, extension: 'png' };
  return null;
}
