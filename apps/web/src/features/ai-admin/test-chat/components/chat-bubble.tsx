import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@salon/contract/ai-chat';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { messageSide, type Perspective } from '../chat-message-rules';

// One message. The bot's answers carry the "AI" mark; a message only the admin sees is dimmed.
export function ChatBubble({ message, perspective }: { message: ChatMessage; perspective: Perspective }) {
  const { t } = useTranslation('ai-chat');
  const format = useDateFormat();
  const side = messageSide(message, perspective);
  const adminOnly = !message.show_client;
  const background =
    message.from === 'client'
      ? perspective === 'client'
        ? 'var(--mantine-primary-color-light)'
        : 'var(--mantine-color-gray-1)'
      : message.from === 'bot'
        ? 'var(--mantine-color-teal-light)'
        : 'var(--mantine-color-violet-light)';
  return (
    <Box
      data-testid="ai-chat-message"
      data-from={message.from}
      data-side={side}
      style={{ display: 'flex', justifyContent: side === 'left' ? 'flex-start' : 'flex-end' }}
    >
      <Paper
        radius="lg"
        px="sm"
        py={6}
        maw="min(85%, 520px)"
        bg={background}
        opacity={adminOnly ? 0.7 : 1}
        style={side === 'left' ? { borderTopLeftRadius: 4 } : { borderTopRightRadius: 4 }}
      >
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            {message.from === 'bot' || message.is_ai_response ? (
              <Badge
                size="xs"
                variant="filled"
                color="teal"
                leftSection={<IconRobot size={10} aria-hidden />}
                data-testid="ai-chat-ai-mark"
              >
                {t('author.ai')}
              </Badge>
            ) : (
              <Text size="xs" fw={600}>
                {t(`author.${message.from}`)}
              </Text>
            )}
            {adminOnly && (
              <Group gap={2} wrap="nowrap">
                <IconEyeOff size={12} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t('adminOnly')}
                </Text>
              </Group>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.text}
          </Text>
          <Text size="xs" c="dimmed" ta="right">
            {format.time(message.time)}
          </Text>
        </Stack>
      </Paper>
    </Box>
  );
}
