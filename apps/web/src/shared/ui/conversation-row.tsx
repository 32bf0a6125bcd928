import type { ReactNode } from 'react';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp, IconMessage, IconMessageChatbot, IconRobot } from '@tabler/icons-react';
import { useDateFormat } from '../i18n/use-date-format';
import { zonedDayKey } from '../lib/datetime';
import { useNow } from '../lib/use-now';

// tg_bot and max: the salon's own Telegram and MAX bots (issue 19).
const CHANNEL_ICONS = {
  whatsapp: IconBrandWhatsapp,
  telegram: IconBrandTelegram,
  tg_bot: IconRobot,
  max: IconMessageChatbot,
  sms: IconMessage,
} as const;
export type IconChannel = keyof typeof CHANNEL_ICONS;
const hasIcon = (channel: string): channel is IconChannel => channel in CHANNEL_ICONS;

// The channel's icon; a channel without one shows its name.
function ChannelMark({ channel, label }: { channel: string; label: (channel: IconChannel) => string }) {
  if (!hasIcon(channel)) {
    return (
      <Text size="xs" c="dimmed">
        {channel}
      </Text>
    );
  }
  const Icon = CHANNEL_ICONS[channel];
  return <Icon size={14} aria-label={label(channel)} style={{ flex: 'none' }} />;
}

interface ConversationRowProps {
  // The client's name, or their phone when there is none.
  title: string;
  titleWeight: number;
  // Shown beside the channel under the title: the phone when the title is a name.
  subtitle?: string | null;
  channel: string;
  // The channel's name for screen readers, in the feature's words.
  channelLabel: (channel: IconChannel) => string;
  // When the last message came.
  at: string;
  avatar?: ReactNode;
  active: boolean;
  onOpen: () => void;
  // The row's test id and data attributes (e2e tests find rows by them).
  testId: string;
  data?: Record<`data-${string}`, string | number>;
  // The last line: the last message, the conversation's marks.
  children: ReactNode;
}

// One conversation in a list of clients' conversations (the inbox, the AI administrator's
// conversations): who, through which channel, when they last wrote, and what the feature adds below.
export function ConversationRow({
  title,
  titleWeight,
  subtitle,
  channel,
  channelLabel,
  at,
  avatar,
  active,
  onOpen,
  testId,
  data,
  children,
}: ConversationRowProps) {
  const format = useDateFormat();
  // Today's messages show their time, older ones their day.
  const today = zonedDayKey(useNow(60_000), format.timeZone);
  const when = zonedDayKey(at, format.timeZone) === today ? format.time(at) : format.date(at);
  const lines = (
    <Stack gap={avatar ? 2 : 4} style={{ minWidth: 0, flex: 1 }}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={titleWeight} truncate>
          {title}
        </Text>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          {when}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <ChannelMark channel={channel} label={channelLabel} />
        {subtitle && (
          <Text size="xs" c="dimmed" truncate>
            {subtitle}
          </Text>
        )}
      </Group>
      {children}
    </Stack>
  );
  return (
    <UnstyledButton
      onClick={onOpen}
      p="sm"
      w="100%"
      aria-current={active ? 'true' : undefined}
      data-testid={testId}
      {...data}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      {avatar ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {avatar}
          {lines}
        </Group>
      ) : (
        lines
      )}
    </UnstyledButton>
  );
}
