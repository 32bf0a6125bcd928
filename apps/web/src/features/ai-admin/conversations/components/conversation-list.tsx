import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp, IconMessage, IconMessageDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConversationWire } from '@salon/contract/ai-chat';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { zonedDayKey } from '../../../../shared/lib/datetime';
import { useNow } from '../../../../shared/lib/use-now';
import { TakeoverBadge } from './takeover-badge';

const CHANNELS = { whatsapp: IconBrandWhatsapp, telegram: IconBrandTelegram, sms: IconMessage } as const;
const isKnownChannel = (channel: string): channel is keyof typeof CHANNELS => channel in CHANNELS;

function ChannelMark({ channel }: { channel: string }) {
  const { t } = useTranslation('ai-chat');
  if (!isKnownChannel(channel)) {
    return (
      <Text size="xs" c="dimmed">
        {channel}
      </Text>
    );
  }
  const Icon = CHANNELS[channel];
  return <Icon size={14} aria-label={t(`conversations.channel.${channel}`)} style={{ flex: 'none' }} />;
}

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
  const format = useDateFormat();
  const today = zonedDayKey(useNow(60_000), format.timeZone);
  const at = conversation.last_message_at;
  const when = zonedDayKey(at, format.timeZone) === today ? format.time(at) : format.date(at);
  const title = conversation.client_name.trim() || conversation.phone;
  return (
    <UnstyledButton
      onClick={onOpen}
      p="sm"
      w="100%"
      aria-current={active ? 'true' : undefined}
      data-testid="ai-conversation-item"
      data-phone={conversation.phone}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={600} truncate>
            {title}
          </Text>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            {when}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ChannelMark channel={conversation.channel} />
          {title !== conversation.phone && (
            <Text size="xs" c="dimmed" truncate>
              {conversation.phone}
            </Text>
          )}
        </Group>
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
      </Stack>
    </UnstyledButton>
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
