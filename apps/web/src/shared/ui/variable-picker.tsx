import { Button, Code, Group, Menu, Text } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';

interface VariablePickerProps<V extends string> {
  variables: readonly V[];
  // The variable's name for people, in the calling feature's words.
  labelOf: (variable: V) => string;
  texts: { insert: string; title: string };
  onPick: (variable: V) => void;
  // The text field's test id: the button is `<testId>-variables`, each item `variable-<name>`.
  testId: string;
  disabled?: boolean;
}

// The {variables} a message text may use, as a menu under the field; the field inserts the pick at the caret.
export function VariablePicker<V extends string>({
  variables,
  labelOf,
  texts,
  onPick,
  testId,
  disabled,
}: VariablePickerProps<V>) {
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
          {texts.insert}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        <Menu.Label>{texts.title}</Menu.Label>
        {variables.map((variable) => (
          <Menu.Item key={variable} onClick={() => onPick(variable)} data-testid={`variable-${variable}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{labelOf(variable)}</Text>
              <Code>{`{${variable}}`}</Code>
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
