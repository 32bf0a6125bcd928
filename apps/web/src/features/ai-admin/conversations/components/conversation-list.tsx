import { Badge, Group, Stack } from '@mantine/core';
import { IconMessageDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConversationWire } from '@salon/contract/ai-chat';
import { ConversationRow } from '../../../../shared/ui/conversation-row';
import { TakeoverBadge } from './takeover-badge';

function ConversationItem({
  conversation,
  active,
  onOpen,
}: {
  conversation: ConversationWire;
  active: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('ai-chat');
  const title = conversation.client_name.trim() || conversation.phone;
  return (
    <ConversationRow
      title={title}
      titleWeight={600}
      subtitle={title !== conversation.phone ? conversation.phone : null}
      channel={conversation.channel}
      channelLabel={(channel) => t(`conversations.channel.${channel}`)}
      at={conversation.last_message_at}
      active={active}
      onOpen={onOpen}
      testId="ai-conversation-item"
      data={{ 'data-phone': conversation.phone }}
    >
      <Group gap={6} wrap="wrap">
        <TakeoverBadge conversation={conversation} />
        {conversation.recommended_answer && (
          <Badge
            size="sm"
            color="orange"
            leftSection={<IconMessageDots size={12} aria-hidden />}
            data-testid="ai-conversation-waiting"
          >
            {t('conversations.waitingMark')}
          </Badge>
        )}
      </Group>
    </ConversationRow>
  );
}

export function ConversationList({
  conversations,
  activePhone,
  onOpen,
}: {
  conversations: readonly ConversationWire[];
  activePhone: string | null;
  onOpen: (phone: string) => void;
}) {
  return (
    <Stack gap={2} data-testid="ai-conversation-list">
      {conversations.map((conversation) => (
        <ConversationItem
          key={conversation.phone}
          conversation={conversation}
          active={conversation.phone === activePhone}
          onOpen={() => onOpen(conversation.phone)}
        />
      ))}
    </Stack>
  );
}
