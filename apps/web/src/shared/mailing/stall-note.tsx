import { Text } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SendoutStallWire } from '@salon/contract/mailing-sendouts';
import { formatDayKey } from '../lib/datetime';
import { useNow } from '../lib/use-now';
import { stallWhen } from './stall-rules';

// "Daily limit reached — continues tomorrow at 10:00", on the branch's clocks.
export function StallNote({ stall, timeZone, testId }: { stall: SendoutStallWire; timeZone: string; testId?: string }) {
  const { t, i18n } = useTranslation('mailing');
  const now = useNow(60_000);
  const when = stallWhen(stall, now, timeZone);
  const reason = t(`started.stall.reason.${stall.reason}`);
  const resumes =
    when.kind === 'none'
      ? t('started.stall.whenReconnected')
      : when.kind === 'date'
        ? t('started.stall.onDate', { day: formatDayKey(when.day, i18n.language), time: when.time })
        : t(`started.stall.${when.kind}`, { time: when.time });
  return (
    <Text size="xs" c="orange.8" data-testid={testId} data-reason={stall.reason} style={{ display: 'flex', gap: 4 }}>
      <IconClockPause size={14} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
      <span>{t('started.stall.line', { reason, resumes })}</span>
    </Text>
  );
}
