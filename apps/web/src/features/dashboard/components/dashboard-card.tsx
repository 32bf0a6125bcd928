import type { ReactNode } from 'react';
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardState } from '../card-state';

interface DashboardCardProps<T> {
  title: string;
  testId: string;
  state: CardState<T>;
  // Skeleton lines while the card loads, about the card's height.
  skeletonRows?: number;
  // A link or badge beside the title.
  aside?: ReactNode;
  children: (data: T) => ReactNode;
}

// One dashboard card: its own skeleton while its call runs, then its figures; a call that failed
// (not access denied, which takes the whole page) leaves the card with "no data" (SPEC 4).
export function DashboardCard<T>({ title, testId, state, skeletonRows = 3, aside, children }: DashboardCardProps<T>) {
  const { t } = useTranslation('dashboard');
  const kind = state.status === 'loading' ? 'loading' : state.data === null ? 'empty' : 'ok';
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      h="100%"
      component="section"
      aria-label={title}
      aria-busy={kind === 'loading'}
      data-testid={testId}
      data-state={kind}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={2} size="h4" style={{ minWidth: 0 }} data-testid={`${testId}-title`}>
            {title}
          </Title>
          {aside}
        </Group>
        {state.status === 'loading' ? (
          <Stack gap="xs" data-testid={`${testId}-loading`}>
            {Array.from({ length: skeletonRows }, (_, i) => (
              <Skeleton key={i} height={18} radius="sm" width={i % 2 ? '70%' : '100%'} />
            ))}
          </Stack>
        ) : state.data === null ? (
          <Text size="sm" c="dimmed" data-testid={`${testId}-no-data`}>
            {t('noData')}
          </Text>
        ) : (
          children(state.data)
        )}
      </Stack>
    </Card>
  );
}

interface FigureProps {
  label: string;
  // What is shown.
  value: string;
  // The raw number, for tests and assistive reading of the same figure.
  raw?: number;
  testId: string;
}

// A labelled figure of a card.
export function Figure({ label, value, raw, testId }: FigureProps) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" data-testid={testId} data-value={raw} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
