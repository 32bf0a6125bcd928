import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Currency } from '@salon/contract/constants';
import { formatMoney } from '../../../shared/i18n/format-money';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { StallNote } from '../../../shared/mailing/stall-note';
import { excerpt, formatDayTime, formatMedian } from '../stats-format';
import { detailHref, sendoutLabel, type StatsRow } from '../stats-rows';
import { CountCell } from './count-cell';

interface StatsCardsProps {
  rows: readonly StatsRow[];
  currency: Currency;
  accId: number | null;
}

// Mobile (under 640 px): a card per send-out with the same figures; the title opens the detail.
export function StatsCards({ rows, currency, accId }: StatsCardsProps) {
  const { t, i18n } = useTranslation('mailing-stats');
  const language = i18n.language;
  const { timeZone } = useDateFormat();
  return (
    <Stack gap="sm" data-testid="stats-cards">
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="md" padding="sm" data-testid={`stats-row-${row.id}`}>
          <Stack gap={8}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="xs" c="dimmed" data-testid="stats-date">
                {formatDayTime(row.date, row.time, language)}
              </Text>
              <Group gap={4} wrap="nowrap">
                {row.status !== 'finished' && (
                  <Badge size="xs" variant="light">
                    {t(`status.${row.status}`)}
                  </Badge>
                )}
                {row.sendoutStopFlag && (
                  <Badge size="xs" variant="light" color="orange" data-testid="stats-stopped">
                    {t('stopped')}
                  </Badge>
                )}
              </Group>
            </Group>
            <Anchor
              component={Link}
              to={detailHref(row.id, accId)}
              state={{ sendoutLabel: sendoutLabel(row, language) }}
              size="sm"
              fw={500}
              data-testid="stats-open"
              style={{ overflowWrap: 'anywhere' }}
            >
              {excerpt(row.text, 120) || '—'}
            </Anchor>
            {row.status === 'started' && row.stall && (
              <StallNote stall={row.stall} timeZone={timeZone} testId={`stats-stall-${row.id}`} />
            )}
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
              <Figure label={t('columns.recipients')}>
                <CountCell value={row.recipients} testId="stats-recipients" align="flex-start" />
              </Figure>
              <Figure label={t('columns.read')}>
                <CountCell value={row.read} percent={row.conversionRead} testId="stats-read" align="flex-start" />
              </Figure>
              <Figure label={t('columns.answers')}>
                <CountCell
                  value={row.answers}
                  percent={row.conversionAnswers}
                  testId="stats-answers"
                  align="flex-start"
                />
              </Figure>
              <Figure label={t('columns.signUp')}>
                <CountCell
                  value={row.signUp}
                  percent={row.conversionSignUp}
                  testId="stats-sign_up"
                  align="flex-start"
                />
              </Figure>
              <Figure label={t('columns.sum')}>
                <Text size="sm" data-testid="stats-sum" data-value={row.sum}>
                  {formatMoney(row.sum, currency)}
                </Text>
              </Figure>
              <Figure label={t('columns.sumOneMsg')}>
                <Text size="sm">{formatMoney(row.sumOneMsg, currency)}</Text>
              </Figure>
              <Figure label={t('columns.visits')}>
                <Text size="sm">{formatMedian(row.visits, language)}</Text>
              </Figure>
              <Figure label={t('columns.lastVisitDays')}>
                <Text size="sm">{formatMedian(row.lastVisitDays, language)}</Text>
              </Figure>
            </SimpleGrid>
            {row.dateFinishSendout && (
              <Text size="xs" c="dimmed" data-testid="stats-finish">
                {t('columns.finish')}: {formatDayTime(row.dateFinishSendout, row.timeFinishSendout, language)}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
