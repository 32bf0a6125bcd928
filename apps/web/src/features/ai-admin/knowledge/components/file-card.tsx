import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileText, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isFileInProcess, type KnowledgeFile } from '@salon/contract/ai-files';
import { formatFileSize } from '../../../../shared/i18n/format-file-size';
import { localeOf } from '../../../../shared/i18n/format-date-time';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { AI_FILE_MAX_MB, fileErrorCode } from '../knowledge-rules';
import { FileStageProgress } from './file-stage-progress';
import { FileStateBadge } from './file-state-badge';
import { SummaryEditor } from './summary-editor';

interface FileCardProps {
  file: KnowledgeFile;
  // SPEC 4: a file being deleted shows as 'upload' until it is gone.
  deleting: boolean;
  canEdit: boolean;
  onDelete: (file: KnowledgeFile) => void;
}

// One knowledge file: name, size, date (branch's clocks), state, live stage or error reason, chunk
// count, summary and delete. A card at every width, so nothing scrolls sideways at 390 px.
export function FileCard({ file, deleting, canEdit, onDelete }: FileCardProps) {
  const { t, i18n } = useTranslation('ai-files');
  const format = useDateFormat();
  const state = deleting ? 'upload' : file.state;
  const meta = [
    formatFileSize(file.size, localeOf(i18n.language)),
    t('list.added', { date: format.dateTime(file.created_at) }),
    ...(state === 'ready' ? [t('list.chunks', { count: file.chunk_count })] : []),
  ];

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="ai-file"
      data-file-id={file.id}
      style={{ listStyle: 'none' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <IconFileText size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="ai-file-name">
                {file.file_name}
              </Text>
              <Text size="xs" c="dimmed" data-testid="ai-file-meta">
                {meta.join(' · ')}
              </Text>
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <FileStateBadge state={state} />
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onDelete(file)}
                loading={deleting}
                disabled={deleting}
                aria-label={t('list.delete', { name: file.file_name })}
                data-testid="ai-file-delete"
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Group>
        {!deleting && isFileInProcess(file.state) && <FileStageProgress file={file} />}
        {!deleting && file.state === 'error' && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="red.7" data-testid="ai-file-error">
              {t(`fileErrors.${fileErrorCode(file.stage_description)}`, { max: AI_FILE_MAX_MB })}
            </Text>
          </Group>
        )}
        {file.state === 'ready' && <SummaryEditor file={file} canEdit={canEdit && !deleting} />}
      </Stack>
    </Paper>
  );
}
