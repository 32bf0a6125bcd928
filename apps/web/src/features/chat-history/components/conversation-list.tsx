import {
  Avatar,
  Badge,
  Button,
  EmptyState,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp, IconInbox, IconMessage, IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatConversationWire } from '@salon/contract/chat-history';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { zonedDayKey } from '../../../shared/lib/datetime';
import { useNow } from '../../../shared/lib/use-now';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useConversations } from '../api/get-conversations';
import { lastMessagePreview, unreadLabel } from '../inbox-rules';

const CHANNEL_ICONS = { whatsapp: IconBrandWhatsapp, telegram: IconBrandTelegram, sms: IconMessage } as const;

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
  const format = useDateFormat();
  const ChannelIcon = CHANNEL_ICONS[conversation.channel];
  const last = conversation.lastMessage;
  // Today's messages show their time, older ones their day.
  const today = zonedDayKey(useNow(60_000), format.timeZone);
  const when = zonedDayKey(last.date, format.timeZone) === today ? format.time(last.date) : format.date(last.date);
  const prefix = last.author === 'client' ? '' : `${t(`author.${last.author}`)}: `;
  return (
    <UnstyledButton
      onClick={onOpen}
      p="sm"
      w="100%"
      data-testid="chat-conversation-item"
      data-conversation={conversation.conversationId}
      data-phone={conversation.phoneNumber}
      aria-current={active ? 'true' : undefined}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar radius="xl" color="initials" name={conversation.name ?? conversation.phoneNumber}>
          {initials(conversation.name)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={conversation.unread > 0 ? 700 : 500} truncate>
              {conversation.name ?? conversation.phoneNumber}
            </Text>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {when}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <ChannelIcon size={14} aria-label={t(`channel.${conversation.channel}`)} style={{ flex: 'none' }} />
            {conversation.name && (
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                {conversation.phoneNumber}
              </Text>
            )}
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate data-testid="chat-conversation-last">
              {last.author === 'bot' && <IconRobot size={12} aria-hidden style={{ verticalAlign: 'middle' }} />}{' '}
              {prefix}
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
        </Stack>
      </Group>
    </UnstyledButton>
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
