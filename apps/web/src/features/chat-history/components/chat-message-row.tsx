import { Anchor, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconFile,
  IconMapPin,
  IconMessage,
  IconUser,
  IconRobot,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatRowWire } from '@salon/contract/chat-history';
import { formatTime, localeOf } from '../../../shared/i18n/format-date-time';
import { formatFileSize, mapLink, parseGeo, sideOf } from '../chat-search';

const CHANNEL_ICONS = { whatsapp: IconBrandWhatsapp, telegram: IconBrandTelegram, sms: IconMessage } as const;

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
  const { t, i18n } = useTranslation('chat-history');
  const side = sideOf(row.direction);
  const ChannelIcon = CHANNEL_ICONS[row.channel];
  return (
    <Box
      data-testid="chat-message"
      data-direction={row.direction}
      style={{ display: 'flex', justifyContent: side === 'left' ? 'flex-start' : 'flex-end' }}
    >
      <Paper
        radius="lg"
        px="sm"
        py={6}
        maw="min(80%, 520px)"
        bg={side === 'left' ? 'var(--mantine-color-gray-1)' : 'var(--mantine-primary-color-light)'}
        style={side === 'left' ? { borderTopLeftRadius: 4 } : { borderTopRightRadius: 4 }}
      >
        <Stack gap={4}>
          {(row.name || row.direction === 'bot') && (
            <Group gap={6} wrap="nowrap">
              {row.name && (
                <Text size="xs" fw={600} truncate>
                  {row.name}
                </Text>
              )}
              {row.direction === 'bot' && (
                <Badge
                  size="xs"
                  variant="filled"
                  leftSection={<IconRobot size={10} aria-hidden />}
                  data-testid="chat-bot-tag"
                >
                  {t('bot')}
                </Badge>
              )}
            </Group>
          )}
          <Body row={row} />
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <ChannelIcon size={12} aria-label={t(`channel.${row.channel}`)} color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {formatTime(row.date, i18n.language)}
            </Text>
          </Group>
        </Stack>
      </Paper>
    </Box>
  );
}
