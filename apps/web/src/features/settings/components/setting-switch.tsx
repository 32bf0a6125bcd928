import { Switch } from '@mantine/core';

interface SettingSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  error?: string | undefined;
}

// One on/off setting with its explanation.
export function SettingSwitch({ label, description, checked, onChange, testId, error }: SettingSwitchProps) {
  return (
    <Switch
      label={label}
      description={description}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={error}
      data-testid={testId}
      styles={{ body: { alignItems: 'flex-start' } }}
    />
  );
}
