import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { statusMessageKey } from '../../../shared/api/error-message';
import type { SettingsForm } from '../hooks/use-settings-form';

// Save and discard, with the brief saved message or the reason a save failed.
export function SaveBar({
  form,
}: {
  form: Pick<SettingsForm<object>, 'state' | 'dirty' | 'justSaved' | 'saveError' | 'reset'>;
}) {
  const { t } = useTranslation(['settings', 'errors']);
  const saving = form.state === 'saving';
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Button
        type="submit"
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        loading={saving}
        disabled={!form.dirty}
        data-testid="settings-save"
      >
        {t('settings:save.submit')}
      </Button>
      {form.dirty && !saving && (
        <Button type="button" variant="subtle" color="gray" onClick={form.reset} data-testid="settings-reset">
          {t('settings:save.reset')}
        </Button>
      )}
      <div role="status" aria-live="polite">
        {form.justSaved && (
          <Group gap={4} c="teal.7" data-testid="settings-saved">
            <IconCheck size={16} aria-hidden />
            <Text size="sm" fw={500}>
              {t('settings:save.saved')}
            </Text>
          </Group>
        )}
      </div>
      {form.state === 'savingError' && (
        <Text size="sm" c="red.7" role="alert" data-testid="settings-save-error">
          {t('settings:save.failed', { reason: t(`errors:${statusMessageKey(form.saveError)}`) })}
        </Text>
      )}
    </Group>
  );
}
