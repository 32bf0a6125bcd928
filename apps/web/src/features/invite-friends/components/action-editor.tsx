import { useState } from 'react';
import { Fieldset, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOYALTY_TITLE_MAX, type DependentTemplateWire } from '@salon/contract/loyalty';
import { allows } from '@salon/contract/rights-rules';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { useSession } from '../../../shared/session/use-session';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { EditorStatsLink } from '../../../shared/ui/editor-stats-link';
import { LeaveConfirmModal } from '../../../shared/ui/leave-confirm-modal';
import { PageTitle } from '../../../shared/ui/page-title';
import { ReadOnlyAlert } from '../../../shared/ui/read-only-alert';
import { SaveBar } from '../../../shared/ui/save-bar';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import { useLoyaltyCards } from '../api/get-loyalty-cards';
import { useMinCostService } from '../api/get-min-cost-service';
import { useActionEditor } from '../hooks/use-action-editor';
import { activeDependents, type ActionDraft, type ActionField } from '../loyalty-action-rules';
import { BonusSection } from './bonus-section';
import { DependentTemplatesList } from './dependent-templates-list';
import { NoticeModal } from './notice-modal';
import { PartnerLinkNote } from './partner-link-note';
import { SectionCard } from '../../../shared/ui/section-card';

// Codes of the errors block (loyalty-action-rules ActionProblem and the contract's messages).
type ErrorCode =
  | 'required'
  | 'too_long'
  | 'visit_range'
  | 'interest_range'
  | 'bonus_required'
  | 'digits_only'
  | 'bonus_range'
  | 'invalid';

interface ActionEditorProps {
  initial: ActionDraft;
  heading: string;
  // The templates that offer the saved action (SPEC 3 Dependent template); none for a new one.
  dependents: readonly DependentTemplateWire[];
}

// The invite-a-friend action form (SPEC 3, 4, 5): name and switch, the bonus block, the templates
// that offer it; a sticky save bar and the leave guard.
export function ActionEditor({ initial, heading, dependents }: ActionEditorProps) {
  const { t } = useTranslation('invite-friends');
  const navigate = useNavigate();
  const { accId, rights } = useSession();
  // Saving needs the edit-templates right (the server's guard); others see the action read-only.
  const canEdit = allows(rights, 'editTemplates');
  const branch = useCurrentBranch();
  const cards = useLoyaltyCards();
  const minCost = useMinCostService();
  const editor = useActionEditor(initial, cards.state);
  const guard = useLeaveGuard(editor.dirty && canEdit);
  const [confirmOff, setConfirmOff] = useState(false);
  const { draft, problems } = editor;
  const errorOf = (field: ActionField) => {
    const code = problems[field];
    return code ? t(`errors.${code as ErrorCode}`, { max: LOYALTY_TITLE_MAX }) : undefined;
  };
  // SPEC 4 disable-warning: switching off a saved, active action that templates still offer.
  const goingOff = activeDependents(dependents);

  const onActive = (active: boolean) => {
    if (!active && initial.active && goingOff.length > 0) setConfirmOff(true);
    else editor.setActive(active);
  };

  const save = async () => {
    const saved = await editor.save();
    if (saved === null || draft.id !== null) return;
    // A new action continues at its own address, so the next save updates it.
    guard.allowNext();
    const to =
      saved.id === null
        ? `/invite_fiend/list?accId=${accId ?? ''}`
        : `/invite_fiend/action?id=${saved.id}&accId=${accId ?? ''}`;
    void navigate(to, { replace: true });
  };

  return (
    <Stack gap="md">
      <PageTitle
        aside={
          draft.id !== null ? (
            <EditorStatsLink to={`/invite_fiend/statistic?accId=${accId ?? ''}`} label={t('editor.stats')} />
          ) : undefined
        }
      >
        {draft.title.trim() || heading}
      </PageTitle>
      {!canEdit && <ReadOnlyAlert testId="editor-read-only">{t('editor.readOnly')}</ReadOnlyAlert>}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canEdit) void save();
        }}
        data-testid="loyalty-editor"
      >
        <Fieldset disabled={!canEdit} variant="unstyled" p={0} m={0}>
          <Stack gap="md">
            <SectionCard title={t('editor.main.title')} testId="loyalty-main">
              <TextInput
                label={t('editor.main.name')}
                value={draft.title}
                onChange={(event) => {
                  const title = event.currentTarget.value;
                  editor.edit((d) => ({ ...d, title }));
                }}
                maxLength={LOYALTY_TITLE_MAX}
                error={errorOf('title')}
                required
                data-testid="loyalty-title"
              />
              <Switch
                label={t('editor.main.active')}
                description={t('editor.main.activeHint')}
                checked={draft.active}
                onChange={(event) => onActive(event.currentTarget.checked)}
                data-testid="loyalty-active"
              />
            </SectionCard>
            <BonusSection
              draft={draft}
              edit={editor.edit}
              errorOf={errorOf}
              cards={{ state: cards.state, list: cards.cards, retry: () => void cards.query.refetch() }}
              minPrice={minCost.data ?? null}
              currency={branch?.currency ?? 'RUB'}
            />
            <PartnerLinkNote />
            {draft.id !== null && (
              <SectionCard
                title={t('dependents.title')}
                description={t('dependents.description')}
                testId="loyalty-dependents"
              >
                {dependents.length > 0 ? (
                  <DependentTemplatesList templates={dependents} testId="loyalty-dependents-list" />
                ) : (
                  <Text size="sm" c="dimmed" data-testid="loyalty-dependents-empty">
                    {t('dependents.none')}
                  </Text>
                )}
              </SectionCard>
            )}
          </Stack>
        </Fieldset>
        {canEdit && (
          <SaveBar dirty={editor.dirty} saving={editor.saving} isNew={draft.id === null} onDiscard={editor.discard} />
        )}
      </form>
      <ConfirmModal
        opened={confirmOff}
        title={t('disable.title')}
        text={t('disable.textEditor', { title: draft.title })}
        confirm={t('disable.confirm')}
        cancel={t('dialogs.cancel')}
        danger
        onConfirm={() => {
          editor.setActive(false);
          setConfirmOff(false);
        }}
        onClose={() => setConfirmOff(false)}
        testId="loyalty-disable-modal"
      >
        <DependentTemplatesList templates={goingOff} testId="loyalty-disable-templates" />
      </ConfirmModal>
      <NoticeModal notice={editor.notice} onClose={editor.closeNotice} />
      <LeaveConfirmModal opened={guard.blocked} onLeave={guard.leave} onStay={guard.stay} text={t('leave.text')} />
    </Stack>
  );
}
