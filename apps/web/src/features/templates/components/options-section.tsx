import { Alert, Select, Stack, Switch } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { loyaltyActionOptions } from '../../../shared/loyalty/loyalty-action-options';
import { useLoyaltyActions } from '../../../shared/loyalty/loyalty-actions-query';
import type { TemplateDraft } from '../template-draft';
import { PARTNER_LINK, editorSections, hasPartnerLink, type TemplateEdit } from '../template-edit-rules';
import type { DraftProblems } from '../template-save-rules';
import { SectionCard } from '../../../shared/ui/section-card';
import { TemplateTextField } from './template-text-field';

interface OptionsSectionProps {
  draft: TemplateDraft;
  edit: (edit: TemplateEdit) => void;
  variables: readonly string[];
  problems: DraftProblems;
  readOnly: boolean;
}

// Confirm and cancel answers, and the invite-a-friend action the template links (SPEC 4).
export function OptionsSection({ draft, edit, variables, problems, readOnly }: OptionsSectionProps) {
  const { t } = useTranslation('templates');
  const sections = editorSections(draft.whenSend);
  // The branch's invite-a-friend actions (GET /loyalty/loyalty_actions), id → title.
  const loyaltyActions = useLoyaltyActions(sections.loyalty);
  if (!sections.confirm && !sections.loyalty) return null;
  // A linked action the list no longer has stays visible by its number so it can be removed.
  const actions = loyaltyActionOptions(loyaltyActions.data, draft.loyaltyActionId, (id) => t('loyalty.action', { id }));

  return (
    <SectionCard title={t('options.title')} testId="section-options">
      {sections.confirm && (
        <Stack gap="sm">
          <Switch
            label={t('options.confirmRecord')}
            description={t('options.confirmRecordHint')}
            checked={draft.confirmRecord}
            onChange={(event) => edit({ type: 'confirmRecord', value: event.currentTarget.checked })}
            data-testid="option-confirm"
          />
          {(draft.confirmRecord || problems.textConfirmation) && (
            <TemplateTextField
              label={t('options.textConfirmation')}
              value={draft.textConfirmation}
              onChange={(value) => edit({ type: 'textConfirmation', value })}
              variables={variables}
              problem={problems.textConfirmation}
              placeholder={t('defaults.confirmText')}
              minRows={2}
              readOnly={readOnly}
              testId="option-confirm-text"
            />
          )}
          <Switch
            label={t('options.cancelRecord')}
            description={t('options.cancelRecordHint')}
            checked={draft.cancelRecord}
            onChange={(event) =>
              edit({ type: 'cancelRecord', value: event.currentTarget.checked, defaultText: t('defaults.cancelText') })
            }
            data-testid="option-cancel"
          />
          {(draft.cancelRecord || problems.textCancel) && (
            <TemplateTextField
              label={t('options.textCancel')}
              value={draft.textCancel}
              onChange={(value) => edit({ type: 'textCancel', value })}
              variables={variables}
              problem={problems.textCancel}
              minRows={2}
              required
              readOnly={readOnly}
              testId="option-cancel-text"
            />
          )}
        </Stack>
      )}
      {sections.loyalty && (
        <Stack gap="sm">
          <Select
            label={t('loyalty.label')}
            description={t('loyalty.hint', { placeholder: PARTNER_LINK })}
            placeholder={t('loyalty.none')}
            data={actions}
            value={draft.loyaltyActionId === null ? null : String(draft.loyaltyActionId)}
            onChange={(value) => edit({ type: 'loyaltyAction', value: value === null ? null : Number(value) })}
            clearable
            nothingFoundMessage={t('loyalty.noActions')}
            comboboxProps={{ withinPortal: true }}
            data-testid="option-loyalty"
          />
          {draft.loyaltyActionId !== null && !hasPartnerLink(draft) && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="loyalty-no-link"
            >
              {t('notice.noParentLink')}
            </Alert>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
