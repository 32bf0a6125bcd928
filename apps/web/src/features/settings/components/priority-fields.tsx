import { Divider, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PriorityChannel } from '@salon/contract/settings-rules';
import type { PriorityDraft } from '../priority-rules';
import { PriorityList } from './priority-list';

interface PriorityFieldsProps {
  value: PriorityDraft;
  available: readonly PriorityChannel[];
  update: (patch: Partial<PriorityDraft>) => void;
}

// SPEC 3 Channel priority: the order of the channels and soft or hard priority.
export function PriorityFields({ value, available, update }: PriorityFieldsProps) {
  const { t } = useTranslation('settings');
  return (
    <>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('priority.listLabel')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('priority.keyboardHint')}
        </Text>
      </Stack>
      <PriorityList order={value.order} available={available} onChange={(order) => update({ order })} />
      <Divider />
      <Stack gap="xs">
        <Switch
          label={t('priority.soft.label')}
          checked={value.soft}
          onChange={(event) => update({ soft: event.currentTarget.checked })}
          data-testid="priority-soft"
        />
        <Text size="sm" c={value.soft ? undefined : 'dimmed'} fw={value.soft ? 500 : undefined}>
          {t('priority.soft.softHint')}
        </Text>
        <Text size="sm" c={value.soft ? 'dimmed' : undefined} fw={value.soft ? undefined : 500}>
          {t('priority.soft.hardHint')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="priority-cascade-hint">
          {t('priority.soft.cascadeHint')}
        </Text>
      </Stack>
    </>
  );
}
