import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SEGMENT_DESCRIPTION_MAX, SEGMENT_NAME_MAX } from '@salon/contract/mailing-segments';
import { checkSegmentName } from '../segment-rules';

export interface SegmentNameValues {
  name: string;
  description: string;
}

interface SaveSegmentModalProps {
  opened: boolean;
  // A new segment, or a change of the selected one (its name and description to start from).
  mode: 'create' | 'update';
  initial: SegmentNameValues;
  busy: boolean;
  onSave: (values: SegmentNameValues) => void;
  onClose: () => void;
}

// The name (required, at most 255) and description (at most 2000) a segment is saved under.
export function SaveSegmentModal({ opened, mode, initial, busy, onSave, onClose }: SaveSegmentModalProps) {
  const { t } = useTranslation('mailing-segments');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'create' ? 'save.createTitle' : 'save.updateTitle')}
      centered
      data-testid="segment-save-modal"
    >
      {opened && (
        <SaveForm
          key={`${mode}-${initial.name}`}
          mode={mode}
          initial={initial}
          busy={busy}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function SaveForm({ mode, initial, busy, onSave, onClose }: Omit<SaveSegmentModalProps, 'opened'>) {
  const { t } = useTranslation('mailing-segments');
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [tried, setTried] = useState(false);
  const nameCheck = checkSegmentName(name);
  const descriptionTooLong = description.trim().length > SEGMENT_DESCRIPTION_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || nameCheck !== 'ok' || descriptionTooLong) return;
    onSave({ name: name.trim(), description: description.trim() });
  };
  return (
    <Stack gap="sm" component="form" onSubmit={submit}>
      <TextInput
        label={t('save.name')}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={SEGMENT_NAME_MAX + 50}
        error={
          (tried || nameCheck === 'tooLong') && nameCheck !== 'ok'
            ? t(`save.name_${nameCheck}`, { max: SEGMENT_NAME_MAX })
            : undefined
        }
        data-autofocus
        data-testid="segment-save-name"
      />
      <Textarea
        label={t('save.description')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        autosize
        minRows={3}
        error={descriptionTooLong ? t('save.descriptionTooLong', { max: SEGMENT_DESCRIPTION_MAX }) : undefined}
        description={t('save.counter', { length: description.trim().length, max: SEGMENT_DESCRIPTION_MAX })}
        data-testid="segment-save-description"
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('save.cancel')}
        </Button>
        <Button type="submit" loading={busy} data-testid="segment-save-submit">
          {t(mode === 'create' ? 'save.create' : 'save.update')}
        </Button>
      </Group>
    </Stack>
  );
}
