import { Button, Code, Group, Menu, Text } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PARTNER_LINK_VARIABLE, RECORD_VARIABLES, type TemplateVariable } from '@salon/contract/templates-rules';

const KNOWN: readonly string[] = [...RECORD_VARIABLES, PARTNER_LINK_VARIABLE];
const isKnownVariable = (variable: string): variable is TemplateVariable => KNOWN.includes(variable);

interface VariablePickerProps {
  variables: readonly string[];
  onPick: (variable: string) => void;
  disabled?: boolean;
  testId: string;
}

// The variables a text may use (SPEC 3 Variables, per category), inserted at the caret.
export function VariablePicker({ variables, onPick, disabled, testId }: VariablePickerProps) {
  const { t } = useTranslation('templates');
  const variableLabel = (variable: string) =>
    isKnownVariable(variable) ? t(`variables.labels.${variable}`) : variable;
  return (
    <Menu position="bottom-start" shadow="md" width={300} withinPortal disabled={disabled}>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconBraces size={14} aria-hidden />}
          disabled={disabled}
          data-testid={`${testId}-variables`}
        >
          {t('variables.insert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        <Menu.Label>{t('variables.title')}</Menu.Label>
        {variables.map((variable) => (
          <Menu.Item key={variable} onClick={() => onPick(variable)} data-testid={`variable-${variable}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{variableLabel(variable)}</Text>
              <Code>{`{${variable}}`}</Code>
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
