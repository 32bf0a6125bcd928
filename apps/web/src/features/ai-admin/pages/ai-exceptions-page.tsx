import { useMemo, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useAgent } from '../api/get-agent';
import { toExclusionsDraft } from '../ai-settings-rules';
import { ExclusionsForm } from '../components/exclusions-form';
import { FormSkeleton } from '../components/form-skeleton';

// /ai_admin_exceptions: the Exclusion List tab of the AI administrator.
export function AiExceptionsPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation('pages');
  const agent = useAgent();
  const loaded = useMemo(() => (agent.data ? toExclusionsDraft(agent.data) : null), [agent.data]);
  if (loaded) return <ExclusionsForm loaded={loaded} paid={agent.data?.paid ?? false} tabs={tabs} />;
  return (
    <Stack gap="md">
      <PageTitle>{t('titles.aiAdminExceptions')}</PageTitle>
      {tabs}
      {agent.isError ? (
        <QueryErrorView error={agent.error} onRetry={() => void agent.refetch()} />
      ) : (
        <FormSkeleton testId="ai-exclusions-skeleton" />
      )}
    </Stack>
  );
}
