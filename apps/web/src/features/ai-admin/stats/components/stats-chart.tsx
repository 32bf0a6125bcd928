import { useState } from 'react';
import { Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { AiStatsRow } from '@salon/contract/ai-stats';
import { shortDay } from '../chart-rules';

type Metric = 'conversations' | 'bookings' | 'revenue';
type CountKey = 'conversations' | 'answered' | 'handedOver' | 'bookings' | 'moved' | 'cancelled';
const COUNTS: Record<Exclude<Metric, 'revenue'>, readonly CountKey[]> = {
  conversations: ['conversations', 'answered', 'handedOver'],
  bookings: ['bookings', 'moved', 'cancelled'],
};

const COLORS = ['blue.6', 'teal.6', 'orange.6'] as const;
const HEIGHT = 240;

interface StatsChartProps {
  series: readonly AiStatsRow[];
  number: (value: number) => string;
  money: (value: number) => string;
}

// Per period: the conversations (all, answered by the bot, handed over) and the bookings the bot
// made, moved or cancelled as grouped bars; their revenue as a line. Hovering a period names its
// values in the same format as the totals. The chart fills the card's width.
export function StatsChart({ series, number, money }: StatsChartProps) {
  const { t, i18n } = useTranslation('ai-stats');
  const [metric, setMetric] = useState<Metric>('conversations');
  const data = series.map((row) => ({
    period: shortDay(row.period, i18n.language),
    conversations: row.conversations,
    answered: row.answered_by_bot,
    handedOver: row.handed_over,
    bookings: row.bookings,
    moved: row.moved,
    cancelled: row.cancelled,
    revenue: row.revenue,
  }));
  const testId = `ai-stats-chart-${metric}`;

  return (
    <Card withBorder radius="md" padding="md" data-testid="ai-stats-chart">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t('chart.title')}</Text>
          <SegmentedControl
            size="xs"
            value={metric}
            onChange={(value) => setMetric(value as Metric)}
            data={[
              { value: 'conversations', label: t('chart.conversations') },
              { value: 'bookings', label: t('chart.bookings') },
              { value: 'revenue', label: t('chart.revenue') },
            ]}
            data-testid="ai-stats-metric"
          />
        </Group>
        {metric === 'revenue' ? (
          <LineChart
            h={HEIGHT}
            data={data}
            dataKey="period"
            series={[{ name: 'revenue', label: t('totals.revenue'), color: COLORS[1] }]}
            valueFormatter={money}
            withLegend
            curveType="linear"
            yAxisProps={{ width: 80 }}
            data-testid={testId}
          />
        ) : (
          <BarChart
            h={HEIGHT}
            data={data}
            dataKey="period"
            series={COUNTS[metric].map((name, i) => ({
              name,
              label: t(`totals.${name}`),
              color: COLORS[i] ?? COLORS[0],
            }))}
            valueFormatter={number}
            withLegend
            maxBarWidth={24}
            // Counts: no "2.5 conversations" on the axis.
            yAxisProps={{ allowDecimals: false }}
            data-testid={testId}
          />
        )}
      </Stack>
    </Card>
  );
}
