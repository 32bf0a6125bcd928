import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SMS_PROVIDER_OFF, SMS_PROVIDERS } from '@salon/contract/sms-providers';

interface SmsProviderSelectProps {
  providerId: number;
  onChange: (providerId: number) => void;
  error?: string | undefined;
}

// The 19 providers of SPEC 3, 'off' first; ones without a working adapter say so.
export function SmsProviderSelect({ providerId, onChange, error }: SmsProviderSelectProps) {
  const { t } = useTranslation('settings');
  const data = SMS_PROVIDERS.map((provider) => ({
    value: String(provider.id),
    label:
      provider.key === SMS_PROVIDER_OFF
        ? t('sms.provider.off')
        : provider.supported
          ? provider.name
          : `${provider.name} (${t('sms.provider.notSending')})`,
  }));
  return (
    <Select
      label={t('sms.provider.label')}
      data={data}
      value={String(providerId)}
      onChange={(value) => {
        if (value !== null) onChange(Number(value));
      }}
      allowDeselect={false}
      searchable
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      error={error}
      data-testid="sms-provider"
    />
  );
}
