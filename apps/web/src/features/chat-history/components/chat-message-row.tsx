import { Anchor, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconCheck,
  IconChecks,
  IconClock,
  IconFile,
  IconMapPin,
  IconMessage,
  IconUser,
  IconRobot,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatRowWire } from '@salon/contract/chat-history';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { formatFileSize } from '../../../shared/i18n/format-file-size';
import { mapLink, parseGeo } from '../chat-search';
import { bubbleSide } from '../inbox-rules';

const CHANNEL_ICONS = { whatsapp: IconBrandWhatsapp, telegram: IconBrandTelegram, sms: IconMessage } as const;
const STATUS_ICONS = {
  pending: IconClock,
  sent: IconCheck,
  delivered: IconChecks,
  read: IconChecks,
  failed: IconAlertCircle,
} as const;

// Who wrote it, as the bubble's header says: the client's name, the salon member's, or the bot.
function AuthorLine({ row }: { row: ChatRowWire }) {
  const { t } = useTranslation('chat-history');
  const label =
    row.authorName ?? (row.author === 'client' ? (row.name ?? t('author.client')) : t(`author.${row.author}`));
  return (
    <Group gap={6} wrap="nowrap" data-testid="chat-author" data-author={row.author}>
      {row.author !== 'bot' && (
        <Text size="xs" fw={600} truncate>
          {label}
        </Text>
      )}
      {row.author === 'bot' && (
        <Badge size="xs" variant="filled" leftSection={<IconRobot size={10} aria-hidden />} data-testid="chat-bot-tag">
          {t('bot')}
        </Badge>
      )}
      {row.author === 'salon' && (
        <Badge size="xs" variant="light" data-testid="chat-salon-tag">
          {t('author.salon')}
        </Badge>
      )}
    </Group>
  );
}

function Body({ row }: { row: ChatRowWire }) {
  const { t, i18n } = useTranslation('chat-history');
  switch (row.type) {
    case 'file': {
      const file = row.fileData;
      return (
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconFile size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                {file?.fileName ?? (row.body || t('file.unnamed'))}
              </Text>
              {file && (
                <Text size="xs" c="dimmed">
                  {t('file.meta', { size: formatFileSize(file.size, localeOf(i18n.language)), type: file.contentType })}
                </Text>
              )}
            </Stack>
          </Group>
          {row.caption && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {row.caption}
            </Text>
          )}
        </Stack>
      );
    }
    case 'geo': {
      const point = parseGeo(row.body);
      return (
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={18} aria-hidden style={{ flex: 'none' }} />
          {point ? (
            <Anchor href={mapLink(point)} target="_blank" rel="noreferrer" size="sm">
              {t('geo.label', { lat: point.lat, lon: point.lon })}
            </Anchor>
          ) : (
            <Text size="sm">{row.body || t('geo.unknown')}</Text>
          )}
        </Group>
      );
    }
    case 'contact':
      return (
        <Group gap={6} wrap="nowrap">
          <IconUser size={18} aria-hidden style={{ flex: 'none' }} />
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {t('contact.label')} {row.body}
          </Text>
        </Group>
      );
    default:
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {row.body}
        </Text>
      );
  }
}

// One message: the client's on the left, the salon's (or its bot's) on the right.
export function ChatMessageRow({ row }: { row: ChatRowWire }) {
  const { t } = useTranslation('chat-history');
  const format = useDateFormat();
  const side = bubbleSide(row.author);
  const ChannelIcon = CHANNEL_ICONS[row.channel];
  const StatusIcon = row.status ? STATUS_ICONS[row.status] : null;
  return (
    <Box
      data-testid="chat-message"
      data-direction={row.direction}
      data-author={row.author}
      data-status={row.status ?? undefined}
      style={{ display: 'flex', justifyContent: side === 'left' ? 'flex-start' : 'flex-end' }}
    >
      <Paper
        radius="lg"
        px="sm"
        py={6}
        maw="min(85%, 520px)"
        bg={
          side === 'left'
            ? 'var(--mantine-color-gray-1)'
            : row.author === 'salon'
              ? 'var(--mantine-primary-color-light)'
              : 'var(--mantine-color-teal-light)'
        }
        style={side === 'left' ? { borderTopLeftRadius: 4 } : { borderTopRightRadius: 4 }}
      >
        <Stack gap={4}>
          <AuthorLine row={row} />
          <Body row={row} />
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <ChannelIcon size={12} aria-label={t(`channel.${row.channel}`)} color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {format.time(row.date)}
            </Text>
            {StatusIcon && row.status && (
              <StatusIcon
                size={14}
                aria-label={t(`status.${row.status}`)}
                data-testid="chat-delivery"
                color={
                  row.status === 'failed'
                    ? 'var(--mantine-color-red-6)'
                    : row.status === 'read'
                      ? 'var(--mantine-color-blue-6)'
                      : 'var(--mantine-color-dimmed)'
                }
              />
            )}
          </Group>
        </Stack>
      </Paper>
    </Box>
  );
}
