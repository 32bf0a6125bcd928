import { useState } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconPlayerPause, IconRobot, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConversationWire } from '@salon/contract/ai-chat';
import { showToast } from '../../../../shared/toast/show-toast';
import { ConfirmModal } from '../../components/confirm-modal';
import { chatErrorKey } from '../../test-chat/chat-errors';
import { useTakeover } from '../api/conversation-mutations';
import {
  PAUSE_MINUTES,
  effectiveTakeover,
  needsConfirmation,
  takeoverActions,
  type TakeoverAction,
} from '../conversation-rules';

// "Take over" (a person answers from now on), "Pause for N minutes", "Give back to the bot".
export function TakeoverControls({ conversation, now }: { conversation: ConversationWire; now: number }) {
  const { t } = useTranslation(['ai-chat', 'errors']);
  const takeover = useTakeover();
  const [confirm, setConfirm] = useState<TakeoverAction | null>(null);
  const state = effectiveTakeover(conversation, now);
  const actions = takeoverActions(state);

  const run = (action: TakeoverAction, minutes?: number) => {
    const target = action === 'pause' ? 'paused' : action;
    takeover.mutate(
      { phone: conversation.phone, state: target, ...(minutes !== undefined ? { minutes } : {}) },
      {
        onSuccess: () => showToast('success', t(`conversations.done.${action}`)),
        onError: (error) => showToast('error', t(chatErrorKey(error))),
      },
    );
  };
  const ask = (action: TakeoverAction) => (needsConfirmation(action) ? setConfirm(action) : run(action));

  return (
    <Group gap="xs" wrap="wrap" data-testid="ai-takeover">
      {actions.includes('human') && (
        <Button
          size="xs"
          leftSection={<IconUser size={14} aria-hidden />}
          loading={takeover.isPending && takeover.variables?.state === 'human'}
          disabled={takeover.isPending}
          onClick={() => ask('human')}
          data-testid="ai-takeover-human"
        >
          {t('conversations.actions.human')}
        </Button>
      )}
      {actions.includes('pause') && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlayerPause size={14} aria-hidden />}
              rightSection={<IconChevronDown size={12} aria-hidden />}
              loading={takeover.isPending && takeover.variables?.state === 'paused'}
              disabled={takeover.isPending}
              data-testid="ai-takeover-pause"
            >
              {t('conversations.actions.pause')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {PAUSE_MINUTES.map((minutes) => (
              <Menu.Item
                key={minutes}
                onClick={() => run('pause', minutes)}
                data-testid={`ai-takeover-pause-${minutes}`}
              >
                {minutes % 60 === 0
                  ? t('conversations.pauseHours', { count: minutes / 60 })
                  : t('conversations.pauseMinutes', { count: minutes })}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {actions.includes('bot') && (
        <Button
          size="xs"
          variant="light"
          color="teal"
          leftSection={<IconRobot size={14} aria-hidden />}
          loading={takeover.isPending && takeover.variables?.state === 'bot'}
          disabled={takeover.isPending}
          onClick={() => ask('bot')}
          data-testid="ai-takeover-bot"
        >
          {t('conversations.actions.bot')}
        </Button>
      )}
      <ConfirmModal
        opened={confirm !== null}
        title={t('conversations.confirmHuman.title')}
        text={t('conversations.confirmHuman.text')}
        confirm={t('conversations.confirmHuman.confirm')}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) run(confirm);
          setConfirm(null);
        }}
        testId="ai-takeover-confirm"
      />
    </Group>
  );
}
