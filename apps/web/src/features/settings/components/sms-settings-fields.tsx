import { Alert, Anchor, Divider, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/toast/show-toast';
import { showsSmsBalance } from '../sms-balance-rules';
import { chooseProvider, isOff, providerOf, toggleConfirm, type SmsDraft } from '../sms-rules';
import { SettingSwitch } from './setting-switch';
import { SmsBalanceLine } from './sms-balance-line';
import { SmsCredentialFields } from './sms-credential-fields';
import { SmsProviderSelect } from './sms-provider-select';

interface SmsSettingsFieldsProps {
  value: SmsDraft;
  update: (patch: Partial<SmsDraft>) => void;
  errorOf: (field: string) => string | undefined;
  accId: number | null;
  // The provider the server has (null when off): the balance line is shown for it only.
  savedProviderId: number | null;
}

// SPEC 3 Settings (SMS), SPEC 4: the provider decides the inputs; 'off' clears the confirmation.
export function SmsSettingsFields({ value, update, errorOf, accId, savedProviderId }: SmsSettingsFieldsProps) {
  const { t } = useTranslation('settings');
  const provider = providerOf(value);
  const off = isOff(value);

  const onProvider = (providerId: number) => {
    const result = chooseProvider(value, providerId);
    update(result.draft);
    if (result.confirmCleared) showToast('warning', t('sms.confirmCleared'));
  };
  const onConfirm = (next: boolean) => {
    const result = toggleConfirm(value, next);
    if (result.refused) showToast('warning', t('sms.confirmNeedsProvider'));
    else update({ confirm: result.draft.confirm });
  };

  return (
    <>
      <Stack gap="xs">
        <SmsProviderSelect providerId={value.providerId} onChange={onProvider} error={errorOf('provider')} />
        {showsSmsBalance(savedProviderId, value.providerId) && <SmsBalanceLine accId={accId} />}
        {provider.website && (
          <Anchor href={provider.website} target="_blank" rel="noreferrer" size="sm" data-testid="sms-provider-website">
            {t('sms.provider.website')}
          </Anchor>
        )}
      </Stack>
      {!provider.supported && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('sms.unsupported.title', { name: provider.name })}
          data-testid="sms-unsupported"
        >
          {t('sms.unsupported.body')}
        </Alert>
      )}
      {off ? (
        <Text size="sm" c="dimmed" data-testid="sms-off-hint">
          {t('sms.offHint')}
        </Text>
      ) : (
        <Stack gap="md" data-testid="sms-fields" data-provider={provider.key}>
          <SmsCredentialFields provider={provider} value={value} update={update} errorOf={errorOf} />
        </Stack>
      )}
      <Divider />
      <SettingSwitch
        label={t('sms.confirm.label')}
        description={off ? t('sms.confirmNeedsProvider') : t('sms.confirm.description')}
        checked={value.confirm}
        onChange={onConfirm}
        error={errorOf('confirm')}
        testId="sms-confirm"
      />
    </>
  );
}
