import { useState } from 'react';
import { EmptyState, Stack, Text } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AI_FILES_LIST_CAP, type KnowledgeFile } from '@salon/contract/ai-files';
import { isApiError } from '../../../../shared/api/api-error';
import { showToast } from '../../../../shared/toast/show-toast';
import { ConfirmModal } from '../../components/confirm-modal';
import type { FileDeletion } from '../api/delete-file';
import { FileCard } from './file-card';

interface FileListProps {
  files: readonly KnowledgeFile[];
  // How many the server holds (the list shows up to 500).
  total: number;
  canEdit: boolean;
  deletion: FileDeletion;
}

export function FileList({ files, total, canEdit, deletion }: FileListProps) {
  const { t } = useTranslation(['ai-files', 'errors']);
  const [asking, setAsking] = useState<KnowledgeFile | null>(null);

  if (files.length === 0) {
    return (
      <EmptyState
        data-testid="ai-files-empty"
        py="xl"
        variant="light"
        icon={<IconFiles aria-hidden />}
        title={t('ai-files:list.emptyTitle')}
        description={t('ai-files:list.emptyText')}
      />
    );
  }

  const remove = async (file: KnowledgeFile) => {
    try {
      await deletion.remove(file.id);
      showToast('success', t('ai-files:delete.done'));
    } catch (error) {
      const detail = isApiError(error) && error.httpStatus === 0 ? t('ai-files:upload.refused.network') : null;
      showToast('error', detail ?? t('ai-files:delete.failed'));
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="ai-files-count">
        {t('ai-files:list.count', { count: total })}
        {total > AI_FILES_LIST_CAP && ` · ${t('ai-files:list.capped', { shown: files.length, total })}`}
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} data-testid="ai-files-list">
        {files.map((file) => (
          <FileCard
            key={file.id}
            file={file}
            deleting={deletion.deleting.has(file.id)}
            canEdit={canEdit}
            onDelete={setAsking}
          />
        ))}
      </Stack>
      <ConfirmModal
        opened={asking !== null}
        title={t('ai-files:delete.title')}
        text={t('ai-files:delete.text', { name: asking?.file_name ?? '' })}
        confirm={t('ai-files:delete.confirm')}
        onConfirm={() => {
          if (asking) void remove(asking);
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
        testId="ai-file-delete-modal"
      />
    </Stack>
  );
}
