import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActionSendoutWire } from '@salon/contract/mailing-sendouts';
import { localeOf } from '../../../shared/i18n/format-date-time';
import type { SendoutActions } from '../hooks/use-sendout-actions';
import { formatZoned } from '../mailing-time-rules';
import { excerpt } from '../started-rules';
import { SendoutActionButton } from './sendout-action-button';
import { SendoutProgress } from './sendout-progress';
import { SendoutStatusBadge } from './sendout-status-badge';
import { StallNote } from '../../../shared/mailing/stall-note';

interface StartedTableProps {
  rows: readonly ActionSendoutWire[];
  timeZone: string;
  actions: SendoutActions;
}

// Desktop: date and time on the branch's clocks, the message, progress, status, count and actions.
export function StartedTable({ rows, timeZone, actions }: StartedTableProps) {
  const { t, i18n } = useTranslation('mailing');
  const locale = localeOf(i18n.language);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="started-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('started.columns.date')}</Table.Th>
            <Table.Th>{t('started.columns.message')}</Table.Th>
            <Table.Th>{t('started.columns.progress')}</Table.Th>
            <Table.Th>{t('started.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('started.columns.count')}</Table.Th>
            <Table.Th ta="right">{t('started.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.sendout_id} data-testid={`started-row-${row.sendout_id}`} data-status={row.status}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatZoned(row.date, timeZone, locale)}</Text>
                <Text size="xs" c="dimmed">
                  {t(`started.source.${row.source}`)}
                </Text>
              </Table.Td>
              <Table.Td maw={320}>
                <Text size="sm" title={row.msg} lineClamp={2}>
                  {excerpt(row.msg)}
                </Text>
              </Table.Td>
              <Table.Td>
                <SendoutProgress row={row} testId={`started-progress-${row.sendout_id}`} />
              </Table.Td>
              <Table.Td>
                <SendoutStatusBadge status={row.status} testId={`started-status-${row.sendout_id}`} />
                {row.stall && (
                  <StallNote stall={row.stall} timeZone={timeZone} testId={`started-stall-${row.sendout_id}`} />
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{t('started.sentOf', { sent: row.sent, count: row.count })}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <SendoutActionButton row={row} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
