import { Avatar, Badge, Button, EmptyState, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconInbox, IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatConversationWire } from '@salon/contract/chat-history';
import { ConversationRow } from '../../../shared/ui/conversation-row';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useConversations } from '../api/get-conversations';
import { lastMessagePreview, unreadLabel } from '../inbox-rules';

function initials(name: string | null): string {
  const letters = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '');
  return letters.join('') || '#';
}

function ConversationItem({
  conversation,
  active,
  onOpen,
}: {
  conversation: ChatConversationWire;
  active: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('chat-history');
  const last = conversation.lastMessage;
  const prefix = last.author === 'client' ? '' : `${t(`author.${last.author}`)}: `;
  return (
    <ConversationRow
      title={conversation.name ?? conversation.phoneNumber}
      titleWeight={conversation.unread > 0 ? 700 : 500}
      subtitle={conversation.name && conversation.phoneNumber}
      channel={conversation.channel}
      channelLabel={(channel) => t(`channel.${channel}`)}
      at={last.date}
      avatar={
        <Avatar radius="xl" color="initials" name={conversation.name ?? conversation.phoneNumber}>
          {initials(conversation.name)}
        </Avatar>
      }
      active={active}
      onOpen={onOpen}
      testId="chat-conversation-item"
      data={{ 'data-conversation': conversation.conversationId, 'data-phone': conversation.phoneNumber }}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed" truncate data-testid="chat-conversation-last">
          {last.author === 'bot' && <IconRobot size={12} aria-hidden style={{ verticalAlign: 'middle' }} />} {prefix}
          {lastMessagePreview(last)}
        </Text>
        {conversation.unread > 0 && (
          <Badge
            size="sm"
            circle={conversation.unread < 10}
            data-testid="chat-unread"
            aria-label={t('unread', { count: conversation.unread })}
          >
            {unreadLabel(conversation.unread)}
          </Badge>
        )}
      </Group>
    </ConversationRow>
  );
}

// The inbox: the branch's conversations, latest first, with who wrote last and what is unread.
export function ConversationList({ activeId, onOpen }: { activeId: number | null; onOpen: (id: number) => void }) {
  const { t } = useTranslation('chat-history');
  const list = useConversations();
  if (list.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={64} radius="md" />
        ))}
      </Stack>
    );
  }
  if (list.isError) return <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  const conversations = list.data.pages.flatMap((p) => p.conversations);
  if (conversations.length === 0) {
    return (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconInbox aria-hidden />}
        title={t('inbox.empty.title')}
        description={t('inbox.empty.description')}
        data-testid="chat-inbox-empty"
      />
    );
  }
  return (
    <ScrollArea.Autosize mah="70vh" type="auto" scrollbars="y" offsetScrollbars="y">
      <Stack gap={2} data-testid="chat-conversations">
        {conversations.map((c) => (
          <ConversationItem
            key={c.conversationId}
            conversation={c}
            active={c.conversationId === activeId}
            onOpen={() => onOpen(c.conversationId)}
          />
        ))}
        {list.hasNextPage && (
          <Button variant="subtle" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('inbox.more')}
          </Button>
        )}
      </Stack>
    </ScrollArea.Autosize>
  );
}
