import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClock, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatStatus } from '@salon/contract/ai-chat';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { useNow } from '../../../../shared/lib/use-now';
import { isLockOver, statusView, untilShowsDay, type StatusTone } from '../chat-status-rules';

const TONE_COLORS: Record<StatusTone, string> = { ok: 'teal', wait: 'yellow', off: 'gray' };
const TONE_ICONS = { ok: IconCircleCheck, wait: IconClock, off: IconLock } as const;

interface ChatStatusLineProps {
  status: ChatStatus;
  // Offered while an admin's lock keeps the bot silent.
  onUnlock?: () => void;
  unlocking?: boolean;
}

// SPEC 4 test chat state: what is going on and what to do about it.
export function ChatStatusLine({ status, onUnlock, unlocking = false }: ChatStatusLineProps) {
  const { t } = useTranslation('ai-chat');
  const format = useDateFormat();
  const now = useNow(30_000);
  const view = statusView(status);
  const Icon = TONE_ICONS[view.tone];
  const until =
    view.until && !isLockOver(view, now)
      ? t('status.until', {
          time: untilShowsDay(view.until, now, format.timeZone) ? format.dateTime(view.until) : format.time(view.until),
        })
      : null;
  const reason = view.reason ? ('key' in view.reason ? t(`reason.${view.reason.key}`) : view.reason.text) : null;

  return (
    <Alert
      variant="light"
      color={TONE_COLORS[view.tone]}
      icon={<Icon size={18} aria-hidden />}
      p="xs"
      data-testid="ai-chat-status"
      data-state={view.key}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" fw={600}>
            {t(`status.${view.text}.label`)}
            {until && ` ${until}`}
          </Text>
          {reason && (
            <Text size="xs" data-testid="ai-chat-status-reason">
              {t('status.reason', { reason })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {view.handover ? t(`handover.${view.handover}`) : t(`status.${view.text}.hint`)}
          </Text>
        </Stack>
        {view.key === 'locked_by_admin' && onUnlock && (
          <Button size="xs" variant="default" loading={unlocking} onClick={onUnlock} data-testid="ai-chat-unlock">
            {t('status.unlock')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
