import { useState } from 'react';
import { Button, Chip, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_REASONS, FEEDBACK_TEXT_MAX } from '@salon/contract/ai-stats';
import { useCurrentBranch } from '../../../../shared/accounts/use-current-branch';
import { useSession } from '../../../../shared/session/use-session';
import { showToast } from '../../../../shared/toast/show-toast';
import { statusMessageKey } from '../../../../shared/api/error-message';
import { useSendFeedback } from '../api/send-feedback';
import { EMPTY_FEEDBACK, canSendFeedback, feedbackPayload, toggleReason, type FeedbackDraft } from '../feedback-rules';

// The AI administrator's feedback (SPEC 7, 8): an optional reason and rating, and the text.
export function FeedbackModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['ai-stats', 'errors']);
  const branch = useCurrentBranch();
  const { branchName } = useSession();
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY_FEEDBACK);
  const send = useSendFeedback();
  const ready = canSendFeedback(draft, send.isPending);

  const submit = () => {
    if (!ready) return;
    send.mutate(feedbackPayload(draft, branch?.name ?? branchName), {
      onSuccess: () => {
        showToast('success', t('feedback.sent'));
        setDraft(EMPTY_FEEDBACK);
        onClose();
      },
      onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('feedback.title')} centered data-testid="ai-feedback-modal">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('feedback.reason')}
            </Text>
            <Group gap={6} wrap="wrap">
              {FEEDBACK_REASONS.map((reason) => (
                <Chip
                  key={reason}
                  size="sm"
                  checked={draft.topic === reason}
                  onChange={() => setDraft((d) => ({ ...d, topic: toggleReason(d.topic, reason) }))}
                  data-testid={`ai-feedback-reason-${reason}`}
                >
                  {t(`feedback.reasons.${reason}`)}
                </Chip>
              ))}
            </Group>
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="ai-feedback-rate-label">
              {t('feedback.rate')}
            </Text>
            <Rating
              value={draft.rate ?? 0}
              onChange={(rate) => setDraft((d) => ({ ...d, rate: rate > 0 ? rate : null }))}
              count={5}
              aria-labelledby="ai-feedback-rate-label"
              data-testid="ai-feedback-rate"
            />
          </Stack>
          <Textarea
            label={t('feedback.text')}
            placeholder={t('feedback.placeholder')}
            required
            autosize
            minRows={4}
            maxRows={10}
            maxLength={FEEDBACK_TEXT_MAX}
            value={draft.text}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setDraft((d) => ({ ...d, text }));
            }}
            description={t('feedback.counter', { length: draft.text.length, max: FEEDBACK_TEXT_MAX })}
            data-autofocus
            data-testid="ai-feedback-text"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="ai-feedback-cancel">
              {t('feedback.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} loading={send.isPending} data-testid="ai-feedback-send">
              {t('feedback.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
