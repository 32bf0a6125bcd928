import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@salon/contract/constants';
import type { LoyaltyAnalyticsRow, LoyaltyAnalyticsSort } from '@salon/contract/loyalty';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { SortHeader, type ColumnSort } from '../../../shared/ui/sort-header';
import { StatCard } from '../../../shared/ui/stat-card';
import { ratioPercent } from '../loyalty-stats-rules';
import { dayOrDate } from './action-summary';

interface AnalyticsTableProps {
  rows: readonly LoyaltyAnalyticsRow[];
  sort: ColumnSort<LoyaltyAnalyticsSort>;
  onSort: (column: LoyaltyAnalyticsSort) => void;
  currency: Currency;
  mobile: boolean;
}

type Column = Exclude<keyof LoyaltyAnalyticsRow, 'actionId' | 'templateName'>;
type Kind = 'count' | 'percent' | 'money' | 'decimal' | 'date';

// SPEC 3 analytics row, left to right; the sortable ones are the contract's LOYALTY_ANALYTICS_SORT.
const COLUMNS: readonly { column: Column; kind: Kind; sortable: boolean }[] = [
  { column: 'countParent', kind: 'count', sortable: true },
  { column: 'countChild', kind: 'count', sortable: true },
  { column: 'countChildPaid', kind: 'count', sortable: true },
  { column: 'childSignupRatio', kind: 'percent', sortable: true },
  { column: 'childPaymentRatio', kind: 'percent', sortable: true },
  { column: 'amountPaymentsChild', kind: 'money', sortable: true },
  { column: 'amountAccruedBonusesParents', kind: 'count', sortable: true },
  { column: 'amountAccruedBonusesChildren', kind: 'count', sortable: true },
  { column: 'childHaveRecords', kind: 'count', sortable: false },
  { column: 'medianChildrenRecords', kind: 'decimal', sortable: false },
  { column: 'medianPaymentsChild', kind: 'money', sortable: false },
  { column: 'dateFirstActivateTemplate', kind: 'date', sortable: true },
];

function useCellFormat(currency: Currency) {
  const { t, i18n } = useTranslation('invite-friends');
  const dates = useDateFormat();
  const locale = localeOf(i18n.language);
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (row: LoyaltyAnalyticsRow, column: Column, kind: Kind): string => {
    const value = row[column];
    if (kind === 'date') return typeof value === 'string' ? dayOrDate(value, dates) : t('stats.never');
    const n = typeof value === 'number' ? value : 0;
    if (kind === 'percent') return `${decimal.format(ratioPercent(n))}%`;
    if (kind === 'money') return formatMoney(n, currency);
    if (kind === 'decimal') return decimal.format(n);
    return count.format(n);
  };
}

// The statistics tab: one row per action; a sortable table, or cards under 640 px.
export function AnalyticsTable({ rows, sort, onSort, currency, mobile }: AnalyticsTableProps) {
  const { t } = useTranslation('invite-friends');
  const cell = useCellFormat(currency);

  if (mobile) {
    return (
      <Stack gap="xs" data-testid="loyalty-stats-cards">
        {rows.map((row) => (
          <StatCard
            key={row.actionId}
            title={
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.templateName}
              </Text>
            }
            fields={COLUMNS.map(({ column, kind }) => ({
              key: column,
              label: t(`stats.columns.${column}`),
              value: cell(row, column, kind),
            }))}
            testId={`loyalty-stats-card-${row.actionId}`}
          />
        ))}
      </Stack>
    );
  }

  return (
    <ScrollTable minWidth={1180} stickyFirstColumn>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="loyalty-stats-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="templateName" sort={sort} onSort={onSort} label={t('stats.columns.templateName')} />
            {COLUMNS.map(({ column, sortable }) =>
              sortable ? (
                <SortHeader
                  key={column}
                  column={column as LoyaltyAnalyticsSort}
                  sort={sort}
                  onSort={onSort}
                  label={t(`stats.columns.${column}`)}
                  numeric
                />
              ) : (
                <Table.Th key={column} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t(`stats.columns.${column}`)}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.actionId} data-testid={`loyalty-stats-row-${row.actionId}`}>
              <Table.Td miw={180} maw={280}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {row.templateName}
                </Text>
              </Table.Td>
              {COLUMNS.map(({ column, kind }) => (
                <Table.Td key={column} ta="right" style={{ whiteSpace: 'nowrap' }} data-column={column}>
                  {cell(row, column, kind)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
