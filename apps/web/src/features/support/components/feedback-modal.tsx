import { useState } from 'react';
import { Button, Chip, FileInput, Group, Modal, Rating, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_BRANCH_NAME_MAX } from '@salon/contract/support';
import { failureCodes } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { showToast } from '../../../shared/toast/show-toast';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useSendFeedback } from '../api/send-feedback';
import {
  canSendFeedback,
  emptyFeedbackForm,
  FEEDBACK_REASONS,
  FEEDBACK_TEXT_MAX,
  feedbackFileProblem,
  type FeedbackFormValues,
  type FeedbackReason,
} from '../feedback-rules';

type ErrorKey = 'support:feedback.errors.text_required';

// The feedback modal (SPEC 2 "Other elements", SPEC 5 Feedback): a text (send is disabled while it
// is empty), one of the SPEC 8 reasons and/or a rate, the branch's name (prefilled), an optional
// file checked against SPEC 5 before it is sent.
export function FeedbackModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['support', 'errors']);
  const isMobile = useIsMobile();
  const branch = useCurrentBranch();
  const branchName = branch?.name ?? '';
  const [values, setValues] = useState<FeedbackFormValues>(() => emptyFeedbackForm(branchName));
  const [serverError, setServerError] = useState<{ field: 'text' | 'file'; code: string } | null>(null);
  const send = useSendFeedback();
  const fileProblem = feedbackFileProblem(values.file);
  const edit = (patch: Partial<FeedbackFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setServerError(null);
  };
  const close = () => {
    onClose();
    setServerError(null);
  };

  const submit = () => {
    if (!canSendFeedback(values, send.isPending) || fileProblem) return;
    send.mutate(values, {
      onSuccess: () => {
        showToast('success', t('support:feedback.success'));
        setValues(emptyFeedbackForm(branchName));
        onClose();
      },
      onError: (error) => {
        const code = failureCodes(error).find((c) => c.field === 'text' || c.field === 'file');
        if (code) setServerError({ field: code.field as 'text' | 'file', code: code.code });
        else showToast('error', t(`errors:${statusMessageKey(error)}`));
      },
    });
  };
  const serverText = (field: 'text' | 'file') =>
    serverError?.field === field ? t(`support:feedback.errors.${serverError.code}` as ErrorKey) : undefined;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('support:feedback.title')}
      fullScreen={isMobile}
      size="lg"
      closeButtonProps={{ 'aria-label': t('support:integrators.close') }}
      data-testid="feedback-modal"
    >
      <Stack gap="sm">
        <Textarea
          label={t('support:feedback.text')}
          placeholder={t('support:feedback.textPlaceholder')}
          value={values.text}
          onChange={(event) => edit({ text: event.currentTarget.value })}
          maxLength={FEEDBACK_TEXT_MAX}
          autosize
          minRows={4}
          maxRows={10}
          error={serverText('text')}
          data-autofocus
          data-testid="feedback-text"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('support:feedback.reason')}
          </Text>
          <Chip.Group
            multiple={false}
            value={values.reason ?? ''}
            onChange={(value) => edit({ reason: value === '' ? null : (value as FeedbackReason) })}
          >
            <Group gap="xs">
              {FEEDBACK_REASONS.map((reason) => (
                <Chip
                  key={reason}
                  value={reason}
                  size="sm"
                  onClick={() => {
                    // A second click on the chosen reason clears it.
                    if (values.reason === reason) edit({ reason: null });
                  }}
                  data-testid={`feedback-reason-${reason}`}
                >
                  {t(`support:feedback.reasons.${reason}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        <Group gap="sm" align="center">
          <Text size="sm" fw={500}>
            {t('support:feedback.rate')}
          </Text>
          <Rating value={values.rate} onChange={(rate) => edit({ rate })} data-testid="feedback-rate" />
        </Group>
        <TextInput
          label={t('support:feedback.branch')}
          value={values.branchName}
          onChange={(event) => edit({ branchName: event.currentTarget.value })}
          maxLength={FEEDBACK_BRANCH_NAME_MAX}
          data-testid="feedback-branch"
        />
        <FileInput
          label={t('support:feedback.file')}
          placeholder={t('support:feedback.filePlaceholder')}
          value={values.file}
          onChange={(file) => edit({ file })}
          clearable
          leftSection={<IconPaperclip size={16} aria-hidden />}
          error={fileProblem ? t(`support:feedback.fileErrors.${fileProblem}`) : serverText('file')}
          data-testid="feedback-file"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('support:feedback.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={send.isPending}
            disabled={!canSendFeedback(values, send.isPending) || fileProblem !== null}
            data-testid="feedback-send"
          >
            {t('support:feedback.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
