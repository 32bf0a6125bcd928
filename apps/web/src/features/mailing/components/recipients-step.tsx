import { Alert, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { showToast } from '../../../shared/toast/show-toast';
import { useChooseConsent } from '../api/choose-consent';
import { useClientListUpload } from '../hooks/use-client-list-upload';
import type { NewMailing } from '../hooks/use-new-mailing';
import { shownCount } from '../new-mailing-state';
import type { ConsentChoice, RecipientSource } from '../recipients-rules';
import { CrmRecipientsSource } from '../segments/crm-recipients-source';
import { ClientFileDrop } from './client-file-drop';
import { ParsedInfoCard } from './parsed-info-card';

type RecipientsStepProps = Pick<NewMailing, 'state' | 'dispatch' | 'timeZone'>;

// Step 1 (SPEC 2, 4): the source — an XLSX list (default) or the booking system — and what was read.
export function RecipientsStep({ state, dispatch, timeZone }: RecipientsStepProps) {
  const { t } = useTranslation('mailing');
  const upload = useClientListUpload(dispatch, state.loyaltyActionId, timeZone);
  const chooseConsent = useChooseConsent();

  // The switch moves at once; the draft keeps the choice on the server, and a refusal puts it back.
  const onConsent = (choice: Partial<ConsentChoice>) => {
    if (!state.parsed) return;
    const previous = state.consent;
    const next = { ...previous, ...choice };
    dispatch({ type: 'consent', choice });
    chooseConsent.mutate(
      { sendout_id: state.parsed.sendout_id, consent_true: next.consentTrue, consent_neutral: next.consentNeutral },
      {
        onError: () => {
          dispatch({ type: 'consent', choice: previous });
          showToast('error', t('parsed.consentError'));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="sm" fw={500} id="mailing-source-label">
          {t('source.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="mailing-source-label"
          value={state.source}
          onChange={(value) => dispatch({ type: 'source', source: value as RecipientSource })}
          disabled={upload.busy}
          fullWidth
          data={[
            { value: 'xlsx', label: <span data-testid="mailing-source-xlsx">{t('source.xlsx')}</span> },
            { value: 'crm', label: <span data-testid="mailing-source-crm">{t('source.crm')}</span> },
          ]}
          data-testid="mailing-source"
        />
      </Stack>

      {state.source === 'xlsx' ? (
        <ClientFileDrop upload={upload} fileName={state.fileName} />
      ) : (
        <CrmRecipientsSource
          loyaltyActionId={state.loyaltyActionId}
          onParsed={(answer: ParsedClientFile) => dispatch({ type: 'parsed', answer, now: Date.now(), timeZone })}
          disabled={false}
        />
      )}

      {state.clientsNotFound && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconUserSearch size={18} aria-hidden />}
          title={t('notFound.title')}
          data-testid="mailing-clients-not-found"
          withCloseButton
          closeButtonLabel={t('notFound.close')}
          onClose={() => dispatch({ type: 'listCleared' })}
        >
          {t('notFound.description')}
        </Alert>
      )}

      {state.parsed && (
        <ParsedInfoCard
          parsed={state.parsed}
          fileName={state.source === 'xlsx' ? state.fileName : null}
          consent={state.consent}
          count={shownCount(state)}
          timeZone={timeZone}
          onConsent={onConsent}
          onInsertKey={(key) => {
            dispatch({ type: 'text', text: `${state.text}{${key}}` });
            showToast('success', t('parsed.keyInserted', { key: `{${key}}` }));
          }}
        />
      )}
    </Stack>
  );
}
