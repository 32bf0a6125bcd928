import type { ReactNode } from 'react';
import { Alert, Button, Fieldset, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAgentAccess } from '../hooks/use-agent-access';
import { ReadOnlyNote } from './read-only-note';
import { LeaveConfirmModal } from '../../../shared/ui/leave-confirm-modal';
import { PageTitle } from '../../../shared/ui/page-title';
import { SaveBar } from '../../../shared/ui/save-bar';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import { useAgentOptions } from '../api/get-agent-options';
import { changedFields, type ExclusionsDraft } from '../ai-settings-rules';
import { useAgentEditor } from '../hooks/use-agent-editor';
import { ExcludedPhonesField } from './excluded-phones-field';
import { OptionMultiSelect } from './option-multi-select';
import { SectionCard } from '../../../shared/ui/section-card';

interface ExclusionsFormProps {
  loaded: ExclusionsDraft;
  // The branch's AI module is paid (agent.paid); saving needs it.
  paid: boolean;
  tabs?: ReactNode;
}

// SPEC 3 exclusions: the clients, masters, services and categories the assistant leaves to people.
export function ExclusionsForm({ loaded, paid, tabs }: ExclusionsFormProps) {
  const { t } = useTranslation(['ai-admin', 'pages']);
  const options = useAgentOptions();
  const editor = useAgentEditor(loaded, changedFields<ExclusionsDraft>);
  const access = useAgentAccess(paid);
  const canEdit = access === 'edit';
  const guard = useLeaveGuard(editor.dirty && canEdit);
  const { draft, problems } = editor;
  const errorOf = (field: keyof ExclusionsDraft) => {
    const code = problems[field];
    return code ? t(`ai-admin:errors.${code}`) : undefined;
  };
  const lists = [
    { field: 'masters_exceptions', list: options.data?.masters, testId: 'ai-exclude-masters' },
    { field: 'services_exceptions', list: options.data?.services, testId: 'ai-exclude-services' },
    { field: 'categories_exceptions', list: options.data?.categories, testId: 'ai-exclude-categories' },
  ] as const;

  return (
    <Stack gap="md">
      <PageTitle>{t('pages:titles.aiAdminExceptions')}</PageTitle>
      {tabs}
      <ReadOnlyNote access={access} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canEdit) void editor.save();
        }}
        data-testid="ai-exclusions-form"
      >
        <Fieldset disabled={!canEdit} variant="unstyled" p={0} m={0}>
          <Stack gap="md">
            <SectionCard
              title={t('ai-admin:exclusions.phones.title')}
              description={t('ai-admin:exclusions.phones.description')}
              testId="ai-section-phones"
            >
              <ExcludedPhonesField
                value={draft.phones}
                onChange={(phones) => editor.edit({ phones })}
                error={errorOf('phones')}
              />
            </SectionCard>
            <SectionCard
              title={t('ai-admin:exclusions.crm.title')}
              description={t('ai-admin:exclusions.crm.description')}
              testId="ai-section-crm"
            >
              {options.isError && (
                <Alert
                  color="red"
                  variant="light"
                  title={t('ai-admin:exclusions.optionsError')}
                  data-testid="ai-options-error"
                >
                  <Button size="xs" variant="light" color="red" onClick={() => void options.refetch()}>
                    {t('ai-admin:exclusions.retry')}
                  </Button>
                </Alert>
              )}
              {lists.map(({ field, list, testId }) => (
                <OptionMultiSelect
                  key={field}
                  label={t(`ai-admin:exclusions.${field}.label`)}
                  description={t(`ai-admin:exclusions.${field}.hint`)}
                  options={list}
                  loading={options.isPending}
                  value={draft[field]}
                  onChange={(value) => editor.edit({ [field]: value })}
                  error={errorOf(field)}
                  testId={testId}
                />
              ))}
            </SectionCard>
          </Stack>
        </Fieldset>
        {canEdit && <SaveBar dirty={editor.dirty} saving={editor.saving} isNew={false} onDiscard={editor.discard} />}
      </form>
      <LeaveConfirmModal opened={guard.blocked} onLeave={guard.leave} onStay={guard.stay} />
    </Stack>
  );
}
