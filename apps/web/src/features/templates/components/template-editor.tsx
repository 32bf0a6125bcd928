import { Fieldset, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TemplateWire } from '@salon/contract/templates';
import { TEMPLATE_TITLE_MAX } from '@salon/contract/templates-rules';
import { useSession } from '../../../shared/session/use-session';
import { EditorStatsLink } from '../../../shared/ui/editor-stats-link';
import { LeaveConfirmModal } from '../../../shared/ui/leave-confirm-modal';
import { PageTitle } from '../../../shared/ui/page-title';
import { ReadOnlyAlert } from '../../../shared/ui/read-only-alert';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import { useTemplateEditor } from '../hooks/use-template-editor';
import type { TemplateDraft } from '../template-draft';
import { variablesFor } from '../template-save-rules';
import { AudienceSection } from './audience-section';
import { ContentSection } from './content-section';
import { SectionCard } from '../../../shared/ui/section-card';
import { OptionsSection } from './options-section';
import { TemplateKindBadge } from './template-kind-badge';
import { TimingSection } from './timing-section';
import { SaveBar } from '../../../shared/ui/save-bar';

interface TemplateEditorProps {
  initial: TemplateDraft | TemplateWire;
  canEdit: boolean;
  heading: string;
}

// The single-template form (SPEC 4 Template editing) with its save bar and leave guard.
export function TemplateEditor({ initial, canEdit, heading }: TemplateEditorProps) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const { accId } = useSession();
  const editor = useTemplateEditor(initial);
  const guard = useLeaveGuard(editor.dirty && canEdit);
  const { draft, edit, problems } = editor;
  const readOnly = !canEdit;
  const variables = useMemo(() => variablesFor(draft), [draft]);

  const save = async () => {
    const id = await editor.save();
    if (id !== null && draft.id === null) {
      // A new template continues at its own address, so the next save updates it.
      guard.allowNext();
      void navigate(`/template?id=${id}&accId=${accId ?? ''}`, { replace: true });
    }
  };

  return (
    <Stack gap="md">
      <PageTitle
        aside={
          draft.id !== null ? (
            <EditorStatsLink to={`/template/stat?id=${draft.id}&accId=${accId ?? ''}`} label={t('editor.stats')} />
          ) : undefined
        }
      >
        {draft.title.trim() || heading}
      </PageTitle>
      {readOnly && <ReadOnlyAlert testId="editor-read-only">{t('editor.readOnly')}</ReadOnlyAlert>}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canEdit) void save();
        }}
        data-testid="template-editor"
      >
        <Fieldset disabled={readOnly} variant="unstyled" p={0} m={0}>
          <Stack gap="md">
            <SectionCard title={t('editor.basics')} testId="section-basics">
              <Group gap="xs">
                <TemplateKindBadge category={draft.whenSend} />
                {draft.id !== null && (
                  <Text size="xs" c="dimmed">
                    {t('editor.id', { id: draft.id })}
                  </Text>
                )}
              </Group>
              <TextInput
                label={t('editor.titleLabel')}
                value={draft.title}
                onChange={(event) => edit({ type: 'title', value: event.currentTarget.value })}
                maxLength={TEMPLATE_TITLE_MAX}
                required
                error={
                  problems.title
                    ? t(`problem.${problems.title.code === 'tooLong' ? 'tooLong' : 'required'}`)
                    : undefined
                }
                data-testid="editor-title"
              />
              <Switch
                label={t('editor.active')}
                description={t('editor.activeHint')}
                checked={draft.active}
                onChange={(event) => edit({ type: 'active', value: event.currentTarget.checked })}
                data-testid="editor-active"
              />
            </SectionCard>
            <TimingSection draft={draft} edit={edit} />
            <ContentSection draft={draft} edit={edit} variables={variables} problems={problems} readOnly={readOnly} />
            <OptionsSection draft={draft} edit={edit} variables={variables} problems={problems} readOnly={readOnly} />
            <AudienceSection draft={draft} edit={edit} problems={problems} readOnly={readOnly} />
          </Stack>
        </Fieldset>
        {canEdit && (
          <SaveBar dirty={editor.dirty} saving={editor.saving} isNew={draft.id === null} onDiscard={editor.discard} />
        )}
      </form>
      <LeaveConfirmModal opened={guard.blocked} onLeave={guard.leave} onStay={guard.stay} text={t('leave.text')} />
    </Stack>
  );
}
