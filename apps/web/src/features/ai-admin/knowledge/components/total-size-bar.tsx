import { Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../../shared/i18n/format-date-time';
import { useTotalSize } from '../api/get-total-size';
import { totalSizeView } from '../knowledge-rules';

// SPEC 3 Total size: what the branch's files take of its allowance, in the server's unit.
export function TotalSizeBar() {
  const { t, i18n } = useTranslation('ai-files');
  const total = useTotalSize();
  if (total.isPending) return <Skeleton height={36} radius="sm" />;
  if (!total.data) {
    return (
      <Text size="sm" c="dimmed" data-testid="ai-total-size-error">
        {t('total.unavailable')}
      </Text>
    );
  }
  const view = totalSizeView(total.data);
  // Small knowledge files take hundredths of a megabyte: they must not read as 0.
  const number = new Intl.NumberFormat(localeOf(i18n.language), {
    maximumFractionDigits: view.current > 0 && view.current < 10 ? 2 : 1,
  });
  const color = view.full ? 'red' : view.percent >= 90 ? 'orange' : undefined;
  return (
    <Stack gap={4} data-testid="ai-total-size">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {t('total.label')}
        </Text>
        <Text size="sm" c={view.full ? 'red.7' : 'dimmed'} data-testid="ai-total-size-value">
          {t('total.value', {
            current: number.format(view.current),
            max: number.format(view.max),
            unit: t(`total.units.${total.data.unit_of_measurement}`),
          })}
        </Text>
      </Group>
      <Progress value={view.percent} {...(color ? { color } : {})} aria-label={t('total.label')} />
      {view.full && (
        <Text size="xs" c="red.7">
          {t('total.full')}
        </Text>
      )}
    </Stack>
  );
}
