import { useEffect, useRef } from 'react';
import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { barPercents } from '../template-stats-rules';

export interface ChartPoint {
  key: string;
  label: string;
  title: string;
  sends: number;
  recorded: number;
}

const HEIGHT = 160;

// Sends and bookings per period as plain CSS bars (no chart library). Decorative: the table under
// it carries the same numbers for screen readers.
export function StatsBarChart({ points }: { points: ChartPoint[] }) {
  const { t } = useTranslation('templates');
  const sends = barPercents(points.map((p) => p.sends));
  const recorded = barPercents(points.map((p) => p.recorded));
  const viewport = useRef<HTMLDivElement>(null);
  // The latest periods are the interesting ones: start scrolled to the right end.
  useEffect(() => {
    const node = viewport.current;
    if (node) node.scrollLeft = node.scrollWidth;
  }, [points]);
  return (
    <Stack gap="xs" data-testid="stats-chart">
      <Group gap="md">
        <Group gap={6}>
          <Box w={12} h={12} bg="blue.5" style={{ borderRadius: 2 }} />
          <Text size="xs">{t('stats.chart.sends')}</Text>
        </Group>
        <Group gap={6}>
          <Box w={12} h={12} bg="teal.6" style={{ borderRadius: 2 }} />
          <Text size="xs">{t('stats.chart.recorded')}</Text>
        </Group>
      </Group>
      <ScrollArea type="auto" offsetScrollbars aria-hidden viewportRef={viewport}>
        <Group gap={6} wrap="nowrap" align="flex-end" h={HEIGHT + 28} pb={4}>
          {points.map((point, index) => (
            <Stack key={point.key} gap={4} align="center" w={36} style={{ flex: '0 0 36px' }} title={point.title}>
              <Group gap={2} align="flex-end" wrap="nowrap" h={HEIGHT}>
                <Box
                  w={14}
                  h={`${(sends[index]! / 100) * HEIGHT}px`}
                  bg="blue.5"
                  style={{ borderRadius: '3px 3px 0 0' }}
                />
                <Box
                  w={14}
                  h={`${(recorded[index]! / 100) * HEIGHT}px`}
                  bg="teal.6"
                  style={{ borderRadius: '3px 3px 0 0' }}
                />
              </Group>
              <Text size="10px" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {point.label}
              </Text>
            </Stack>
          ))}
        </Group>
      </ScrollArea>
    </Stack>
  );
}
