import { useState, type DragEvent } from 'react';
import { ActionIcon, Badge, Box, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconGripVertical,
  IconMessage,
  IconMessageChatbot,
  IconRobot,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PriorityChannel } from '@salon/contract/settings-rules';
import { moveChannel } from '../priority-rules';

const ICONS: Record<PriorityChannel, Icon> = {
  Whatsapp: IconBrandWhatsapp,
  Telegram: IconBrandTelegram,
  TelegramBot: IconRobot,
  MAX: IconMessageChatbot,
  SMS: IconMessage,
};

interface PriorityListProps {
  order: readonly PriorityChannel[];
  available: readonly PriorityChannel[];
  onChange: (order: PriorityChannel[]) => void;
}

// The channels in priority order: dragged with a pointer, or moved with the arrow buttons
// (reachable with Tab, announced to screen readers).
export function PriorityList({ order, available, onChange }: PriorityListProps) {
  const { t } = useTranslation('settings');
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const name = (channel: PriorityChannel) => t(`priority.channels.${channel}`);
  const move = (from: number, to: number, via: 'up' | 'down' | 'drag') => {
    const next = moveChannel(order, from, to);
    const channel = order[from];
    if (!channel || next.every((c, i) => c === order[i])) return;
    onChange(next);
    const position = next.indexOf(channel) + 1;
    setAnnouncement(t('priority.moved', { channel: name(channel), position }));
    // A button that turns disabled at either end would drop the focus: hand it to its twin.
    if (via !== 'drag' && (position === 1 || position === next.length)) {
      const other = position === 1 ? 'down' : 'up';
      window.requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-testid="priority-${other}-${channel}"]`)?.focus(),
      );
    }
  };
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, to, 'drag');
    setDragged(null);
    setOver(null);
  };

  return (
    <Box>
      <Box component="ol" aria-label={t('priority.listLabel')} m={0} p={0} style={{ listStyle: 'none' }}>
        {order.map((channel, index) => {
          const ChannelIcon = ICONS[channel];
          return (
            <Box
              component="li"
              key={channel}
              mb="xs"
              draggable
              onDragStart={(event: DragEvent) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', channel);
                setDragged(index);
              }}
              onDragOver={(event: DragEvent) => {
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={(event: DragEvent) => drop(event, index)}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              data-testid={`priority-item-${channel}`}
              data-position={index + 1}
            >
              <Paper
                withBorder
                radius="md"
                p="sm"
                style={{
                  cursor: 'grab',
                  opacity: dragged === index ? 0.5 : 1,
                  borderColor: over === index && dragged !== index ? 'var(--mantine-color-blue-5)' : undefined,
                }}
              >
                <Group gap="sm" wrap="nowrap" justify="space-between">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconGripVertical
                      size={18}
                      color="var(--mantine-color-gray-5)"
                      style={{ flexShrink: 0 }}
                      aria-hidden
                    />
                    <Text fw={600} w={22} style={{ flexShrink: 0 }} aria-hidden>
                      {t('priority.position', { position: index + 1 })}
                    </Text>
                    <ChannelIcon size={20} style={{ flexShrink: 0 }} aria-hidden />
                    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                      <Text fw={500}>
                        <VisuallyHidden>{t('priority.position', { position: index + 1 })} </VisuallyHidden>
                        {name(channel)}
                      </Text>
                      {!available.includes(channel) && (
                        <Badge variant="light" color="gray" size="sm" tt="none">
                          {t('priority.notConnected')}
                        </Badge>
                      )}
                    </Group>
                  </Group>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('priority.moveUp', { channel: name(channel) })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1, 'up')}
                      data-testid={`priority-up-${channel}`}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('priority.moveDown', { channel: name(channel) })}
                      disabled={index === order.length - 1}
                      onClick={() => move(index, index + 1, 'down')}
                      data-testid={`priority-down-${channel}`}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            </Box>
          );
        })}
      </Box>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Box>
  );
}
