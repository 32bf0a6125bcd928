import { Badge } from '@mantine/core';
import { IconPlayerPause, IconRobot, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConversationWire } from '@salon/contract/ai-chat';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { useNow } from '../../../../shared/lib/use-now';
import { effectiveTakeover } from '../conversation-rules';

const ICONS = { bot: IconRobot, paused: IconPlayerPause, human: IconUser } as const;
const COLORS = { bot: 'teal', paused: 'yellow', human: 'violet' } as const;

// Who answers the client now: the bot, nobody until a time, or a person.
export function TakeoverBadge({ conversation }: { conversation: ConversationWire }) {
  const { t } = useTranslation('ai-chat');
  const format = useDateFormat();
  const state = effectiveTakeover(conversation, useNow(30_000));
  const Icon = ICONS[state];
  const label =
    state === 'paused' && conversation.paused_till
      ? t('conversations.state.pausedTill', { time: format.time(conversation.paused_till) })
      : t(`conversations.state.${state}`);
  return (
    <Badge
      size="sm"
      variant="light"
      color={COLORS[state]}
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="ai-conversation-state"
      data-state={state}
    >
      {label}
    </Badge>
  );
}
