import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsentEntryWire } from '@salon/contract/consents';
import { SETTABLE_CONSENT_STATUSES, type SettableConsentStatus } from '@salon/contract/consents-rules';
import { statusOf } from '../consent-list-rules';
import { ConsentStatusBadge } from './consent-status-badge';

interface StatusModalProps {
  entry: ConsentEntryWire | null;
  // The choice to start from (when coming back from the confirmation).
  initial: SettableConsentStatus | null;
  busy: boolean;
  onSave: (status: SettableConsentStatus) => void;
  onClose: () => void;
}

const isSettable = (value: string): value is SettableConsentStatus =>
  (SETTABLE_CONSENT_STATUSES as readonly string[]).includes(value);

// The first status modal: choose consent, declined or neutral ('await' is the engine's).
export function StatusModal({ entry, initial, busy, onSave, onClose }: StatusModalProps) {
  const { t } = useTranslation('consents');
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={entry ? t('statusModal.title', { phone: entry.phone }) : ''}
      centered
      data-testid="consent-status-modal"
    >
      {entry && (
        <StatusForm key={entry.phone} entry={entry} initial={initial} busy={busy} onSave={onSave} onClose={onClose} />
      )}
    </Modal>
  );
}

function StatusForm({
  entry,
  initial,
  busy,
  onSave,
  onClose,
}: Omit<StatusModalProps, 'entry'> & { entry: ConsentEntryWire }) {
  const { t } = useTranslation('consents');
  const current = statusOf(entry);
  const [choice, setChoice] = useState<SettableConsentStatus | null>(initial ?? (isSettable(current) ? current : null));
  const changed = choice !== null && choice !== current;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) onSave(choice);
  };
  return (
    <Stack gap="md" component="form" onSubmit={submit}>
      <Group gap={6}>
        <Text size="sm">{t('statusModal.current')}</Text>
        <ConsentStatusBadge status={current} />
      </Group>
      <Radio.Group
        label={t('statusModal.choose')}
        value={choice}
        onChange={(value) => isSettable(value) && setChoice(value)}
      >
        <Stack gap="sm" mt="xs">
          {SETTABLE_CONSENT_STATUSES.map((status) => (
            <Radio
              key={status}
              value={status}
              label={t(`status.${status}`)}
              description={t(`statusHint.${status}`)}
              data-testid={`consent-status-option-${status}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {current === 'await' && (
        <Text size="xs" c="dimmed">
          {t('statusModal.awaitNote')}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('statusModal.cancel')}
        </Button>
        <Button type="submit" disabled={!changed} loading={busy} data-testid="consent-status-save">
          {t('statusModal.save')}
        </Button>
      </Group>
    </Stack>
  );
}
