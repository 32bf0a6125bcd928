import { Anchor, Badge, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Currency } from '@salon/contract/constants';
import type { StatsSortColumn } from '@salon/contract/mailing-stats-rules';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { StallNote } from '../../../shared/mailing/stall-note';
import { excerpt, formatClock, formatDay, formatMedian } from '../stats-format';
import { detailHref, sendoutLabel, type DetailLinkState, type StatsRow } from '../stats-rows';
import { CountCell } from './count-cell';
import { SortHeader } from './sort-header';
import { ScrollTable } from '../../../shared/ui/scroll-table';

interface StatsTableProps {
  rows: readonly StatsRow[];
  currency: Currency;
  accId: number | null;
  sort: StatsSortColumn;
  desc: boolean;
  onSort: (column: StatsSortColumn) => void;
}

const STATUS_COLORS: Record<StatsRow['status'], string> = {
  draft: 'gray',
  planned: 'blue',
  started: 'teal',
  paused: 'yellow',
  finished: 'gray',
};

// Desktop: one row per send-out (SPEC 2 mailing statistics table); a row opens its detail.
export function StatsTable({ rows, currency, accId, sort, desc, onSort }: StatsTableProps) {
  const { t, i18n } = useTranslation('mailing-stats');
  const navigate = useNavigate();
  const { timeZone } = useDateFormat();
  const language = i18n.language;
  const header = (column: StatsSortColumn, label: string, numeric = true, hint?: string) => (
    <SortHeader
      column={column}
      sort={sort}
      desc={desc}
      onSort={onSort}
      label={label}
      numeric={numeric}
      {...(hint ? { hint } : {})}
    />
  );

  return (
    <ScrollTable minWidth={1180} stickyFirstColumn>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="stats-table">
        <Table.Thead>
          <Table.Tr>
            {header('date', t('columns.date'), false)}
            {header('text', t('columns.text'), false)}
            {header('recipients', t('columns.recipients'))}
            {header('read', t('columns.read'))}
            {header('answers', t('columns.answers'))}
            {header('sign_up', t('columns.signUp'))}
            {header('summ', t('columns.sum'))}
            {header('summ_one_msg', t('columns.sumOneMsg'))}
            {header('visits', t('columns.visits'), true, t('hints.visits'))}
            {header('last_visit_days', t('columns.lastVisitDays'), true, t('hints.lastVisitDays'))}
            {header('date_finish_sendout', t('columns.finish'), false)}
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('columns.stopped')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const href = detailHref(row.id, accId);
            const state: DetailLinkState = { sendoutLabel: sendoutLabel(row, language) };
            return (
              <Table.Tr
                key={row.id}
                data-testid={`stats-row-${row.id}`}
                onClick={(event) => {
                  // The message link handles its own click (and a middle click opens a tab).
                  if ((event.target as HTMLElement).closest('a')) return;
                  void navigate(href, { state });
                }}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="stats-date">
                  <DayTime day={row.date} time={row.time} language={language} />
                </Table.Td>
                <Table.Td miw={200} maw={300}>
                  <Stack gap={2}>
                    <Anchor
                      component={Link}
                      to={href}
                      state={state}
                      size="sm"
                      fw={500}
                      title={row.text}
                      aria-label={`${t('openDetail')}: ${excerpt(row.text, 40)}`}
                      data-testid="stats-open"
                      lineClamp={2}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {excerpt(row.text) || '—'}
                    </Anchor>
                    {row.status !== 'finished' && (
                      <Badge size="xs" variant="light" color={STATUS_COLORS[row.status]}>
                        {t(`status.${row.status}`)}
                      </Badge>
                    )}
                    {row.status === 'started' && row.stall && (
                      <StallNote stall={row.stall} timeZone={timeZone} testId={`stats-stall-${row.id}`} />
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  <CountCell value={row.recipients} testId="stats-recipients" />
                </Table.Td>
                <Table.Td ta="right">
                  <CountCell value={row.read} percent={row.conversionRead} testId="stats-read" />
                </Table.Td>
                <Table.Td ta="right">
                  <CountCell value={row.answers} percent={row.conversionAnswers} testId="stats-answers" />
                </Table.Td>
                <Table.Td ta="right">
                  <CountCell value={row.signUp} percent={row.conversionSignUp} testId="stats-sign_up" />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" data-testid="stats-sum" data-value={row.sum}>
                    {formatMoney(row.sum, currency)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="stats-sum-one-msg">
                  {formatMoney(row.sumOneMsg, currency)}
                </Table.Td>
                <Table.Td ta="right" data-testid="stats-visits">
                  {formatMedian(row.visits, language)}
                </Table.Td>
                <Table.Td ta="right" data-testid="stats-last-visit-days">
                  {formatMedian(row.lastVisitDays, language)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="stats-finish">
                  {row.dateFinishSendout ? (
                    <DayTime day={row.dateFinishSendout} time={row.timeFinishSendout} language={language} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('notFinished')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-testid="stats-stopped" data-value={row.sendoutStopFlag}>
                  {row.sendoutStopFlag ? (
                    <Tooltip label={t('hints.stopped')} withArrow>
                      <Badge
                        size="sm"
                        variant="light"
                        color="orange"
                        leftSection={<IconHandStop size={12} aria-hidden />}
                      >
                        {t('stopped')}
                      </Badge>
                    </Tooltip>
                  ) : (
                    <Text size="sm" c="dimmed" aria-hidden>
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

// A day over its time: keeps the two date columns narrow.
function DayTime({ day, time, language }: { day: string; time: string; language: string }) {
  if (!day) return <>—</>;
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDay(day, language)}</Text>
      {time && (
        <Text size="xs" c="dimmed">
          {formatClock(time, language)}
        </Text>
      )}
    </Stack>
  );
}
