import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AiStatsResponse } from '@salon/contract/ai-stats';
import { durationParts, handoverBreakdown } from '../stats-range-rules';

interface StatsTotalsProps {
  totals: AiStatsResponse['totals'];
  number: (value: number) => string;
  money: (value: number) => string;
}

function Tile({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="xl" fw={700} data-testid={`${testId}-value`}>
          {value}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

// The range's totals; the handover tile says why the bot passed conversations to a person.
export function StatsTotals({ totals, number, money }: StatsTotalsProps) {
  const { t } = useTranslation('ai-stats');
  const reasons = handoverBreakdown(totals.handover_reasons);
  const median = totals.median_first_answer_sec;
  const duration = median === null ? null : durationParts(median);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" data-testid="ai-stats-totals">
      <Tile label={t('totals.conversations')} value={number(totals.conversations)} testId="ai-stats-conversations" />
      <Tile label={t('totals.answered')} value={number(totals.answered_by_bot)} testId="ai-stats-answered" />
      <Tile label={t('totals.handedOver')} value={number(totals.handed_over)} testId="ai-stats-handed-over">
        {reasons.length > 0 && (
          <Stack gap={0} data-testid="ai-stats-reasons">
            {reasons.map((row) => (
              <Group key={row.reason} gap={4} justify="space-between" wrap="nowrap">
                <Text size="xs" c="dimmed" truncate>
                  {t(`reasons.${row.reason}`)}
                </Text>
                <Text size="xs">{number(row.count)}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Tile>
      <Tile label={t('totals.bookings')} value={number(totals.bookings)} testId="ai-stats-bookings" />
      <Tile label={t('totals.moved')} value={number(totals.moved)} testId="ai-stats-moved" />
      <Tile label={t('totals.cancelled')} value={number(totals.cancelled)} testId="ai-stats-cancelled" />
      <Tile label={t('totals.revenue')} value={money(totals.revenue)} testId="ai-stats-revenue" />
      <Tile
        label={t('totals.firstAnswer')}
        value={
          duration === null
            ? t('totals.noAnswers')
            : duration.minutes > 0
              ? t('totals.minutesSeconds', {
                  minutes: duration.minutes,
                  seconds: String(duration.seconds).padStart(2, '0'),
                })
              : t('totals.seconds', { seconds: duration.seconds })
        }
        testId="ai-stats-first-answer"
      />
    </SimpleGrid>
  );
}
