import { useMemo, useState } from 'react';
import { Badge, Group, Pagination, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@salon/contract/constants';
import type { ClientStatsRow } from '@salon/contract/templates';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { formatMoney } from '../../../shared/i18n/format-money';
import { paginate } from '../../../shared/lib/paginate';
import { DETAIL_DEFAULT_PAGE_SIZE, DETAIL_PAGE_SIZES } from '../template-stats-rules';
import { PageSizeSelect } from '../../../shared/ui/page-size-select';
import { ScrollTable } from '../../../shared/ui/scroll-table';

const STATUS_COLORS: Record<string, string> = {
  sent: 'blue',
  delivered: 'cyan',
  read: 'indigo',
  answered: 'violet',
  recorded: 'teal',
  failed: 'red',
  pending: 'gray',
  cancelled: 'gray',
};
const KNOWN_STATUSES = ['sent', 'delivered', 'read', 'answered', 'recorded', 'failed', 'pending', 'cancelled'] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];
const isKnownStatus = (status: string): status is KnownStatus => (KNOWN_STATUSES as readonly string[]).includes(status);

interface ClientStatsTableProps {
  rows: ClientStatsRow[];
  currency: Currency;
}

// The per-client detail (SPEC 3 client row: phone, name, version, services, times, sum, status).
export function ClientStatsTable({ rows, currency }: ClientStatsTableProps) {
  const { t } = useTranslation('templates');
  const fmt = useDateFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DETAIL_DEFAULT_PAGE_SIZE);
  const slice = useMemo(() => paginate(rows, page, pageSize), [rows, page, pageSize]);
  const moment = (value: string | null) => (value ? fmt.dateTime(value) : '—');

  return (
    <>
      <ScrollTable minWidth={920} stickyFirstColumn>
        <Table striped verticalSpacing="xs" data-testid="client-stats-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stats.columns.phone')}</Table.Th>
              <Table.Th>{t('stats.columns.name')}</Table.Th>
              <Table.Th>{t('stats.columns.version')}</Table.Th>
              <Table.Th>{t('stats.columns.services')}</Table.Th>
              <Table.Th>{t('stats.columns.sentAt')}</Table.Th>
              <Table.Th>{t('stats.columns.repliedAt')}</Table.Th>
              <Table.Th>{t('stats.columns.recordedAt')}</Table.Th>
              <Table.Th ta="right">{t('stats.columns.sum')}</Table.Th>
              <Table.Th>{t('stats.columns.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slice.rows.map((row, index) => (
              <Table.Tr key={`${row.phone}-${row.created_at}-${index}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" ff="monospace">
                    {/^\d+$/.test(row.phone) ? `+${row.phone}` : row.phone}
                  </Text>
                </Table.Td>
                <Table.Td>{row.name || '—'}</Table.Td>
                <Table.Td>{t('stats.versionNumber', { version: row.version })}</Table.Td>
                <Table.Td maw={180}>
                  <Text size="sm" lineClamp={2} title={row.services}>
                    {row.services || '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{moment(row.send_time ?? row.created_at)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{moment(row.reply_time)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{moment(row.record_time)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {row.sum > 0 ? formatMoney(row.sum, currency) : '—'}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" size="sm" color={STATUS_COLORS[row.status] ?? 'gray'}>
                    {isKnownStatus(row.status) ? t(`stats.status.${row.status}`) : row.status}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <PageSizeSelect
          label={t('stats.rowsPerPage')}
          sizes={DETAIL_PAGE_SIZES}
          value={pageSize}
          onChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          testId="client-page-size"
        />
        {slice.totalPages > 1 && (
          <Pagination
            size="sm"
            total={slice.totalPages}
            value={slice.page}
            onChange={setPage}
            siblings={0}
            data-testid="client-pagination"
            getControlProps={(control) => ({ 'aria-label': t(`stats.pages.${control}`) })}
          />
        )}
      </Group>
    </>
  );
}
