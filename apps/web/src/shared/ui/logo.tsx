import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The product mark: the favicon's speech bubble with the product name (hidden when compact).
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--mantine-primary-color-filled)" />
        <path d="M16 20a6 6 0 0 1 6-6h20a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 8v-8h1a6 6 0 0 1-6-6z" fill="#fff" />
      </svg>
      <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }} {...(compact ? { visibleFrom: 'sm' } : {})}>
        {t('appName')}
      </Text>
    </Group>
  );
}
