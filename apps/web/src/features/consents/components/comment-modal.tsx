import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsentEntryWire } from '@salon/contract/consents';
import { normalizeConsentComment } from '@salon/contract/consents-rules';
import { commentState } from '../consent-list-rules';

interface CommentModalProps {
  entry: ConsentEntryWire | null;
  busy: boolean;
  onSave: (comment: string) => void;
  onClose: () => void;
}

// The comment modal, separate from the status modals (SPEC 4). SPEC 5: the counter shows
// length / max and turns red over the limit; Ctrl+Enter saves.
export function CommentModal({ entry, busy, onSave, onClose }: CommentModalProps) {
  const { t } = useTranslation('consents');
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={entry ? t('commentModal.title', { phone: entry.phone }) : ''}
      centered
      data-testid="consent-comment-modal"
    >
      {entry && <CommentForm key={entry.phone} entry={entry} busy={busy} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function CommentForm({ entry, busy, onSave, onClose }: Omit<CommentModalProps, 'entry'> & { entry: ConsentEntryWire }) {
  const { t } = useTranslation('consents');
  const [value, setValue] = useState(entry.comment ?? '');
  const state = commentState(value);
  const changed = normalizeConsentComment(value) !== normalizeConsentComment(entry.comment);
  const canSave = changed && !state.over;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSave && !busy) onSave(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };
  return (
    <Stack gap="sm" component="form" onSubmit={submit}>
      <Textarea
        label={t('commentModal.label')}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={5}
        styles={{ input: { minHeight: 120 } }}
        error={state.over ? t('commentModal.tooLong', { max: state.max }) : undefined}
        data-autofocus
        data-testid="consent-comment-input"
      />
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('commentModal.hint')}
        </Text>
        <Text
          size="xs"
          c={state.over ? 'red' : 'dimmed'}
          style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          data-testid="consent-comment-counter"
          aria-live="polite"
        >
          {t('commentModal.counter', { length: state.length, max: state.max })}
        </Text>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('commentModal.cancel')}
        </Button>
        <Button type="submit" disabled={!canSave} loading={busy} data-testid="consent-comment-save">
          {t('commentModal.save')}
        </Button>
      </Group>
    </Stack>
  );
}
