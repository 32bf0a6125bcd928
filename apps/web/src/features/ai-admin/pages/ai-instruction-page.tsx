import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isAccessDenied } from '../../../shared/api/error-message';
import { AccessDeniedPage } from '../../../shared/ui/access-denied-view';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { SectionCard } from '../../../shared/ui/section-card';
import { useAgent } from '../api/get-agent';
import { FormSkeleton } from '../components/form-skeleton';
import { ReadOnlyNote } from '../components/read-only-note';
import { useAgentAccess } from '../hooks/use-agent-access';
import { useFileDeletion } from '../knowledge/api/delete-file';
import { useFiles } from '../knowledge/api/get-files';
import { FileList } from '../knowledge/components/file-list';
import { KnowledgeDropzone } from '../knowledge/components/knowledge-dropzone';
import { TotalSizeBar } from '../knowledge/components/total-size-bar';
import { UnsavedFilesNotice } from '../knowledge/components/unsaved-files-notice';
import { UploadQueueList } from '../knowledge/components/upload-queue-list';
import { useFileProgress } from '../knowledge/hooks/use-file-progress';
import { useFileUploads } from '../knowledge/hooks/use-file-uploads';
import { hasUnsavedFiles, visibleFiles } from '../knowledge/knowledge-rules';
import { TestChatPanel } from '../test-chat/test-chat-panel';
import classes from './ai-instruction-page.module.css';

// /ai_admin_instruction: the Instructions tab — the knowledge files the assistant answers from,
// with live processing progress, beside the test chat to try them.
export function AiInstructionPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation(['pages', 'ai-files']);
  const files = useFiles();
  const agent = useAgent();
  const access = useAgentAccess(agent.data?.paid ?? false);
  const canEdit = access === 'edit';
  const deletion = useFileDeletion();
  const uploads = useFileUploads();
  useFileProgress(files.data?.data, deletion.deleting);

  const header = (
    <>
      <PageTitle>{t('pages:titles.aiAdminInstruction')}</PageTitle>
      {tabs}
    </>
  );
  const failure = files.isError ? files.error : agent.isError ? agent.error : null;
  if (failure !== null && isAccessDenied(failure)) return <AccessDeniedPage header={header} />;
  if (failure !== null || !files.data || !agent.data) {
    return (
      <Stack gap="md">
        {header}
        {failure !== null ? (
          <QueryErrorView
            error={failure}
            onRetry={() => {
              if (files.isError) void files.refetch();
              if (agent.isError) void agent.refetch();
            }}
          />
        ) : (
          <FormSkeleton testId="ai-instruction-skeleton" />
        )}
      </Stack>
    );
  }

  const shown = visibleFiles(files.data.data);
  return (
    <Stack gap="md">
      {header}
      <ReadOnlyNote access={access} />
      {canEdit && hasUnsavedFiles(files.data.data) && <UnsavedFilesNotice />}
      <div className={classes.columns}>
        <SectionCard title={t('ai-files:files.title')} description={t('ai-files:files.hint')} testId="ai-files-section">
          <KnowledgeDropzone onFiles={uploads.add} disabled={!canEdit} />
          <UploadQueueList items={uploads.items} onRemove={uploads.remove} />
          <TotalSizeBar />
          <FileList
            files={shown}
            total={Math.max(files.data.total, shown.length)}
            canEdit={canEdit}
            deletion={deletion}
          />
        </SectionCard>
        <TestChatPanel />
      </div>
    </Stack>
  );
}
