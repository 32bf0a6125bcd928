import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  // A new item can be saved as it is; a saved one only once something changed.
  isNew: boolean;
  onDiscard: () => void;
}

// The editors' sticky bar at the foot of a form: whether there are unsaved changes, discard, and the
// form's submit button.
export function SaveBar({ dirty, saving, isNew, onDiscard }: SaveBarProps) {
  const { t } = useTranslation('common');
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      pos="sticky"
      bottom={12}
      mt="md"
      style={{ zIndex: 5 }}
      data-testid="editor-save-bar"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c={dirty ? 'orange.8' : 'dimmed'} role="status" aria-live="polite">
          {dirty ? t('saveBar.unsaved') : t('saveBar.noChanges')}
        </Text>
        <Group gap="sm">
          {dirty && !saving && (
            <Button variant="subtle" color="gray" onClick={onDiscard} data-testid="editor-discard">
              {t('saveBar.discard')}
            </Button>
          )}
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={saving}
            disabled={!dirty && !isNew}
            data-testid="editor-save"
          >
            {saving ? t('saveBar.saving') : t('saveBar.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
