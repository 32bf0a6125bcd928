import { ActionIcon, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../../shared/i18n/format-file-size';
import { localeOf } from '../../../../shared/i18n/format-date-time';
import { AI_FILE_MAX_MB } from '../knowledge-rules';
import type { UploadItem } from '../upload-queue';

interface UploadQueueListProps {
  items: readonly UploadItem[];
  onRemove: (key: string) => void;
}

// The files on their way: a progress bar for the one being sent, 'waiting' for the next ones and
// the reason for each refused one (kept until dismissed, as several may be refused at once).
export function UploadQueueList({ items, onRemove }: UploadQueueListProps) {
  const { t, i18n } = useTranslation('ai-files');
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="ai-upload-queue" aria-live="polite">
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        const failed = item.status === 'failed';
        return (
          <Paper key={item.key} withBorder radius="md" p="sm" data-testid="ai-upload-item" data-status={item.status}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {item.name}
                  <Text span size="xs" c="dimmed">
                    {' · '}
                    {formatFileSize(item.size, localeOf(i18n.language))}
                  </Text>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => onRemove(item.key)}
                  aria-label={
                    failed ? t('upload.dismiss', { name: item.name }) : t('upload.cancel', { name: item.name })
                  }
                  data-testid="ai-upload-remove"
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
              {failed && item.problem ? (
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm" c="red.7" data-testid="ai-upload-error">
                    {t(`upload.refused.${item.problem}`, { max: AI_FILE_MAX_MB })}
                  </Text>
                </Group>
              ) : (
                <>
                  <Progress
                    value={item.status === 'waiting' ? 0 : percent}
                    striped={percent >= 100}
                    animated={percent >= 100}
                    aria-label={t('upload.progressLabel', { name: item.name })}
                  />
                  <Text size="xs" c="dimmed">
                    {item.status === 'waiting'
                      ? t('upload.waiting')
                      : percent >= 100
                        ? t('upload.receiving')
                        : t('upload.sending', { percent })}
                  </Text>
                </>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
