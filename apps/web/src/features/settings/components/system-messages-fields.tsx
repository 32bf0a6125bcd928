import { Divider, SimpleGrid, Stack, Switch, TagsInput, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXCEPTION_MASTERS_MAX, MASTER_NAME_MAX } from '@salon/contract/settings-rules';
import { TimeField } from '../../../shared/ui/time-field';
import { cleanMasters, type SystemMessagesDraft } from '../system-messages-rules';

interface SystemMessagesFieldsProps {
  value: SystemMessagesDraft;
  update: (patch: Partial<SystemMessagesDraft>) => void;
  errorOf: (field: string) => string | undefined;
}

// SPEC 3 System messages: the sending window (or any time) and the excepted masters.
export function SystemMessagesFields({ value, update, errorOf }: SystemMessagesFieldsProps) {
  const { t } = useTranslation('settings');
  return (
    <>
      <Title order={2} size="h4">
        {t('systemMessages.windowTitle')}
      </Title>
      <Stack gap="sm">
        <Switch
          label={t('systemMessages.anyTime')}
          checked={value.anyTime}
          onChange={(event) => update({ anyTime: event.currentTarget.checked })}
          data-testid="system-any-time"
        />
        {value.anyTime ? (
          <Text size="sm" c="dimmed">
            {t('systemMessages.anyTimeHint')}
          </Text>
        ) : (
          <>
            <SimpleGrid cols={2} spacing="md" maw={360}>
              <TimeField
                label={t('systemMessages.from')}
                value={value.from}
                onChange={(time) => update({ from: time })}
                error={errorOf('from')}
                w="100%"
                testId="system-from"
              />
              <TimeField
                label={t('systemMessages.to')}
                value={value.to}
                onChange={(time) => update({ to: time })}
                error={errorOf('to')}
                w="100%"
                testId="system-to"
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('systemMessages.windowHint')}
            </Text>
          </>
        )}
      </Stack>
      <Divider />
      <TagsInput
        label={t('systemMessages.masters.label')}
        description={t('systemMessages.masters.description')}
        placeholder={t('systemMessages.masters.placeholder')}
        value={value.masters}
        onChange={(names) => update({ masters: cleanMasters(names) })}
        maxTags={EXCEPTION_MASTERS_MAX}
        splitChars={[',', ';']}
        maxLength={MASTER_NAME_MAX}
        acceptValueOnBlur
        clearable
        error={errorOf('masters')}
        data-testid="system-masters"
      />
    </>
  );
}
