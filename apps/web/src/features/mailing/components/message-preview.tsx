import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { previewText } from '../message-rules';

interface MessagePreviewProps {
  text: string;
  values: Readonly<Record<string, string>>;
  mediaName: string | null;
}

// The message as the first recipient-like sample would read it.
export function MessagePreview({ text, values, mediaName }: MessagePreviewProps) {
  const { t } = useTranslation('mailing');
  const rendered = previewText(text, values);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('contents.preview')}
      </Text>
      <Paper radius="md" p="sm" bg="var(--mantine-color-green-light)" data-testid="mailing-preview" aria-live="polite">
        {mediaName && (
          <Group gap={4} mb={6}>
            <IconPaperclip size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {mediaName}
            </Text>
          </Group>
        )}
        <Box style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text size="sm" c={rendered ? undefined : 'dimmed'}>
            {rendered || t('contents.previewEmpty')}
          </Text>
        </Box>
      </Paper>
      <Text size="xs" c="dimmed">
        {t('contents.previewHint', { name: values.name ?? '' })}
      </Text>
    </Stack>
  );
}
