import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelStateWire } from '@salon/contract/connection';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { useNow } from '../../../shared/lib/use-now';
import { knownReason, pauseOf, usageOf } from '../channel-state';

// The connected number, today's messages against the daily cap, and the governor's pause.
export function ChannelSummary({ state }: { state: ChannelStateWire }) {
  const { t } = useTranslation('connection');
  const fmt = useDateFormat();
  const now = useNow(30_000);
  const usage = usageOf(state);
  const pause = pauseOf(state, now);
  const reason = pause ? knownReason(pause.reason) : null;

  return (
    <Stack gap="sm">
      {state.phone && (
        <Text size="sm">
          {t('summary.phone')}{' '}
          <Text span fw={600} data-testid="channel-phone">
            +{state.phone}
          </Text>
        </Text>
      )}
      <Stack gap={4} data-testid="channel-usage">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('summary.sentToday')}</Text>
          <Text size="sm" fw={600}>
            {usage.dailyCap === null
              ? usage.sentToday
              : t('summary.ofCap', { sent: usage.sentToday, cap: usage.dailyCap })}
          </Text>
        </Group>
        {usage.percent !== null && (
          <Progress
            value={usage.percent}
            color={usage.percent >= 100 ? 'orange' : 'teal'}
            aria-label={t('summary.sentToday')}
          />
        )}
        {usage.dailyCap !== null && (
          <Text size="xs" c="dimmed">
            {t('summary.capHint')}
          </Text>
        )}
      </Stack>
      {pause && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconPlayerPause aria-hidden />}
          title={t('summary.pausedTitle')}
          data-testid="channel-pause"
        >
          {t('summary.pausedUntil', { time: fmt.dateTime(pause.until) })}{' '}
          {pause.reason !== null && (reason ? t(`reason.${reason}`) : pause.reason)}
        </Alert>
      )}
    </Stack>
  );
}
