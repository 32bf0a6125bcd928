import { useState } from 'react';
import { Button, Group, Pill, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../shared/ui/phone-input';
import { addPhone, type PhoneAddResult } from '../ai-settings-rules';

interface ExcludedPhonesFieldProps {
  value: readonly string[];
  onChange: (phones: string[]) => void;
  error?: string;
}

type Refusal = Extract<PhoneAddResult, { ok: false }>['reason'];

// SPEC 5: the clients the assistant never answers; a number is added only when it is valid.
export function ExcludedPhonesField({ value, onChange, error }: ExcludedPhonesFieldProps) {
  const { t } = useTranslation('ai-admin');
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const add = () => {
    const result = addPhone(value, typed);
    if (!result.ok) {
      setRefusal(result.reason);
      return;
    }
    onChange(result.phones);
    setTyped('');
    setRefusal(null);
  };
  const hint = refusal ? t(`exclusions.phones.${refusal}`) : (error ?? t('exclusions.phones.hint'));
  return (
    <Stack gap="xs" data-testid="ai-phones">
      <Group align="flex-end" gap="sm">
        <PhoneInput
          style={{ flex: '1 1 220px', maxWidth: 320 }}
          label={t('exclusions.phones.label')}
          placeholder="79991234567"
          aria-describedby="ai-phones-hint"
          value={typed}
          onChange={(digits) => {
            setTyped(digits);
            setRefusal(null);
          }}
          onKeyDown={(event) => {
            // Enter adds the number instead of submitting the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={refusal !== null || error !== undefined}
          data-testid="ai-phone-input"
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={typed === ''}
          data-testid="ai-phone-add"
        >
          {t('exclusions.phones.add')}
        </Button>
      </Group>
      <Text
        id="ai-phones-hint"
        size="xs"
        c={refusal || error ? 'red' : 'dimmed'}
        role={refusal ? 'alert' : undefined}
        data-testid="ai-phone-hint"
      >
        {hint}
      </Text>
      {value.length > 0 ? (
        <Group gap={6} data-testid="ai-phone-chips">
          {value.map((phone) => (
            <Pill
              key={phone}
              size="md"
              withRemoveButton
              onRemove={() => onChange(value.filter((p) => p !== phone))}
              removeButtonProps={{ 'aria-label': t('exclusions.phones.remove', { phone }) }}
              data-testid={`ai-phone-chip-${phone}`}
            >
              +{phone}
            </Pill>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="ai-phones-empty">
          {t('exclusions.phones.empty')}
        </Text>
      )}
    </Stack>
  );
}
