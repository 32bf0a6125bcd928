import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconMessage,
  IconRobot,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SandboxMessageWire } from '@salon/contract/dev-sandbox';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { isBotKind, reachOf, type ClientThread } from '../sandbox-rules';
import { SandboxMessageActions, SandboxStopBots } from './sandbox-bot-actions';

const KIND_ICONS: Record<string, typeof IconMessage> = {
  whatsapp: IconBrandWhatsapp,
  telegram: IconBrandTelegram,
  tg_bot: IconRobot,
  max: IconRobot,
};

function MessageRow({ message, name }: { message: SandboxMessageWire; name: string | null }) {
  const { t } = useTranslation('dev-sandbox');
  const fmt = useDateFormat();
  const Kind = KIND_ICONS[message.kind] ?? IconMessage;
  const incoming = message.direction === 'to_client';
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="sandbox-message" data-direction={message.direction}>
      {incoming ? (
        <IconArrowDownLeft
          size={16}
          aria-hidden
          color="var(--mantine-color-teal-6)"
          style={{ flex: 'none', marginTop: 2 }}
        />
      ) : (
        <IconArrowUpRight
          size={16}
          aria-hidden
          color="var(--mantine-color-violet-6)"
          style={{ flex: 'none', marginTop: 2 }}
        />
      )}
      <Kind
        size={16}
        aria-label={t(`kind.${message.kind}`, { defaultValue: message.kind })}
        style={{ flex: 'none', marginTop: 2 }}
      />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        {isBotKind(message.kind) && (
          <Badge
            size="xs"
            variant="light"
            color={message.kind === 'max' ? 'indigo' : 'blue'}
            data-testid="sandbox-message-channel"
            style={{ alignSelf: 'flex-start' }}
          >
            {t(`kind.${message.kind}`)}
          </Badge>
        )}
        {message.media && (
          <Text size="sm" fw={600} data-testid="sandbox-message-file" style={{ wordBreak: 'break-word' }}>
            📎 {message.media.file_name}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {message.body}
        </Text>
        <Text size="xs" c="dimmed">
          {fmt.dateTime(message.created_at, true)} · {t(`status.${message.status}`, { defaultValue: message.status })}
        </Text>
        <SandboxMessageActions message={message} name={name} />
      </Stack>
    </Group>
  );
}

interface SandboxMessageLogProps {
  threads: ClientThread[];
  onReply: (phone: string, name: string | null) => void;
}

// What reached each client's phone and what they answered, newest first.
export function SandboxMessageLog({ threads, onReply }: SandboxMessageLogProps) {
  const { t } = useTranslation('dev-sandbox');
  if (threads.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="sandbox-log-empty">
        {t('log.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {threads.map((thread) => {
        const reach = reachOf(thread.phone);
        return (
          <Card key={thread.phone} withBorder radius="md" padding="sm" data-testid={`sandbox-thread-${thread.phone}`}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Group gap={6}>
                  <Text fw={600} size="sm">
                    +{thread.phone}
                  </Text>
                  {thread.name && (
                    <Text size="sm" c="dimmed">
                      {thread.name}
                    </Text>
                  )}
                  {!reach.whatsapp && (
                    <Badge size="xs" color="gray" variant="light">
                      {t('log.noWhatsapp')}
                    </Badge>
                  )}
                  {!reach.telegram && (
                    <Badge size="xs" color="gray" variant="light">
                      {t('log.noTelegram')}
                    </Badge>
                  )}
                </Group>
                <Button size="compact-xs" variant="light" onClick={() => onReply(thread.phone, thread.name)}>
                  {t('log.reply')}
                </Button>
              </Group>
              <SandboxStopBots thread={thread} />
              {thread.messages.map((message) => (
                <MessageRow key={message.id} message={message} name={thread.name} />
              ))}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
