import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canExport, type ExportFlags } from '../consent-list-rules';

interface ExportModalProps {
  opened: boolean;
  busy: boolean;
  onSend: (flags: ExportFlags) => void;
  onClose: () => void;
}

const FLAGS: readonly (keyof ExportFlags)[] = ['consent', 'declines', 'neutral'];

// The xlsx export: which statuses go into the file; the admin bot delivers it (SPEC 7).
export function ExportModal({ opened, busy, onSend, onClose }: ExportModalProps) {
  const { t } = useTranslation('consents');
  const [flags, setFlags] = useState<ExportFlags>({ consent: true, declines: true, neutral: true });
  const valid = canExport(flags);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onSend(flags);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('export.title')} centered data-testid="consent-export-modal">
      <Stack gap="md" component="form" onSubmit={submit}>
        <Text size="sm" c="dimmed">
          {t('export.description')}
        </Text>
        <Stack gap="sm">
          {FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`export.${flag}`)}
              checked={flags[flag]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setFlags((current) => ({ ...current, [flag]: checked }));
              }}
              data-testid={`consent-export-${flag}`}
            />
          ))}
        </Stack>
        {!valid && (
          <Text size="xs" c="red" role="alert">
            {t('export.none')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('export.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!valid}
            loading={busy}
            leftSection={<IconBrandTelegram size={16} aria-hidden />}
            data-testid="consent-export-send"
          >
            {t('export.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
