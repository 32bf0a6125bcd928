import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@salon/contract/constants';
import type { MailingDetailRow } from '@salon/contract/mailing-stats';
import { formatMoney } from '../../../shared/i18n/format-money';
import { formatLocalInstant, formatPhone } from '../stats-format';
import { STATUS_COLORS } from './detail-filters';
import { ScrollTable } from '../../../shared/ui/scroll-table';

interface DetailRowsProps {
  rows: readonly MailingDetailRow[];
  currency: Currency;
}

function StatusBadge({ status }: { status: MailingDetailRow['status'] }) {
  const { t } = useTranslation('mailing-stats');
  return (
    <Badge variant="light" size="sm" color={STATUS_COLORS[status]} data-testid="detail-status" data-value={status}>
      {t(`detail.status.${status}`)}
    </Badge>
  );
}

const cost = (row: MailingDetailRow, currency: Currency) =>
  row.summaryCost !== null && row.summaryCost > 0 ? formatMoney(row.summaryCost, currency) : '—';

// Desktop: SPEC 3 Detail row (phone, name, record time, reply time, service, cost, status).
export function DetailTable({ rows, currency }: DetailRowsProps) {
  const { t, i18n } = useTranslation('mailing-stats');
  const language = i18n.language;
  return (
    <ScrollTable minWidth={860} stickyFirstColumn>
      <Table striped verticalSpacing="xs" data-testid="detail-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('detail.columns.phone')}</Table.Th>
            <Table.Th>{t('detail.columns.name')}</Table.Th>
            <Table.Th>{t('detail.columns.recordTime')}</Table.Th>
            <Table.Th>{t('detail.columns.replyTime')}</Table.Th>
            <Table.Th>{t('detail.columns.service')}</Table.Th>
            <Table.Th ta="right">{t('detail.columns.cost')}</Table.Th>
            <Table.Th>{t('detail.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.phone}-${index}`} data-testid={`detail-row-${row.phone}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace">
                  {formatPhone(row.phone)}
                </Text>
              </Table.Td>
              <Table.Td>{row.name || '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalInstant(row.recordTime, language)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalInstant(row.replyTime, language)}</Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={2} title={row.service ?? undefined}>
                  {row.service || '—'}
                </Text>
              </Table.Td>
              <Table.Td
                ta="right"
                style={{ whiteSpace: 'nowrap' }}
                data-testid="detail-cost"
                data-value={row.summaryCost ?? 0}
              >
                {cost(row, currency)}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

// Mobile: a card per recipient with the same fields.
export function DetailCards({ rows, currency }: DetailRowsProps) {
  const { t, i18n } = useTranslation('mailing-stats');
  const language = i18n.language;
  const line = (label: string, value: string) => (
    <Text size="xs">
      <Text span c="dimmed" size="xs">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
  return (
    <Stack gap="sm" data-testid="detail-cards">
      {rows.map((row, index) => (
        <Card key={`${row.phone}-${index}`} withBorder radius="md" padding="sm" data-testid={`detail-row-${row.phone}`}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} ff="monospace" size="sm">
                  {formatPhone(row.phone)}
                </Text>
                {row.name && (
                  <Text size="xs" c="dimmed" truncate>
                    {row.name}
                  </Text>
                )}
              </Stack>
              <StatusBadge status={row.status} />
            </Group>
            {row.replyTime && line(t('detail.columns.replyTime'), formatLocalInstant(row.replyTime, language))}
            {row.recordTime && line(t('detail.columns.recordTime'), formatLocalInstant(row.recordTime, language))}
            {row.service && line(t('detail.columns.service'), row.service)}
            {row.summaryCost !== null && row.summaryCost > 0 && line(t('detail.columns.cost'), cost(row, currency))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
