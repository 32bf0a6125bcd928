import { useMemo, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useAgent } from '../api/get-agent';
import { toSettingsDraft } from '../ai-settings-rules';
import { FormSkeleton } from '../components/form-skeleton';
import { SettingsForm } from '../components/settings-form';

// /ai_admin_settings: the Settings tab of the AI administrator (/ai_admin is the conversations page).
export function AiSettingsPage({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation('pages');
  const agent = useAgent();
  const loaded = useMemo(() => (agent.data ? toSettingsDraft(agent.data) : null), [agent.data]);
  if (loaded) return <SettingsForm loaded={loaded} paid={agent.data?.paid ?? false} tabs={tabs} />;
  return (
    <Stack gap="md">
      <PageTitle>{t('titles.aiAdminSettings')}</PageTitle>
      {tabs}
      {agent.isError ? (
        <QueryErrorView error={agent.error} onRetry={() => void agent.refetch()} />
      ) : (
        <FormSkeleton testId="ai-settings-skeleton" />
      )}
    </Stack>
  );
}
