import { PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SmsCredentialField, SmsProviderInfo } from '@salon/contract/sms-providers';
import type { SmsDraft } from '../sms-rules';

const SENDER_NAME_MAX = 20;
const SECRET_MAX = 200;

interface SmsCredentialFieldsProps {
  provider: SmsProviderInfo;
  value: SmsDraft;
  update: (patch: Partial<SmsDraft>) => void;
  errorOf: (field: string) => string | undefined;
}

const joined = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

// Exactly the inputs the chosen provider needs (provider.fields), in its order.
export function SmsCredentialFields({ provider, value, update, errorOf }: SmsCredentialFieldsProps) {
  const { t } = useTranslation('settings');
  const stored = (masked: string) => masked !== '' && t('sms.stored', { masked });

  const field = (name: SmsCredentialField) => {
    switch (name) {
      case 'apiKey':
        return (
          <PasswordInput
            key={name}
            label={t('sms.apiKey.label')}
            description={joined(provider.auth.length > 1 && t('sms.apiKey.altHint'), stored(value.storedApiKey))}
            placeholder={value.storedApiKey || undefined}
            value={value.apiKey}
            onChange={(event) => update({ apiKey: event.currentTarget.value.slice(0, SECRET_MAX) })}
            autoComplete="new-password"
            error={errorOf('apiKey')}
            data-testid="sms-field-apiKey"
          />
        );
      case 'login':
        return (
          <TextInput
            key={name}
            type={provider.loginFormat === 'email' ? 'email' : 'text'}
            label={t('sms.login.label')}
            description={provider.loginFormat === 'email' ? t('sms.login.email') : undefined}
            value={value.login}
            onChange={(event) => update({ login: event.currentTarget.value.slice(0, SECRET_MAX) })}
            autoComplete="off"
            error={errorOf('login')}
            data-testid="sms-field-login"
          />
        );
      case 'password':
        return (
          <PasswordInput
            key={name}
            label={t('sms.password.label')}
            description={joined(
              provider.passwordFormat === 'md5' && t('sms.password.md5'),
              stored(value.storedPassword),
            )}
            placeholder={value.storedPassword || undefined}
            value={value.password}
            onChange={(event) => update({ password: event.currentTarget.value.slice(0, SECRET_MAX) })}
            autoComplete="new-password"
            error={errorOf('password')}
            data-testid="sms-field-password"
          />
        );
      case 'senderName':
        return (
          <TextInput
            key={name}
            label={t('sms.senderName.label')}
            withAsterisk={provider.senderName === 'required'}
            description={t(
              provider.senderName === 'required'
                ? 'sms.senderName.required'
                : provider.senderName === 'branch_name'
                  ? 'sms.senderName.branchName'
                  : 'sms.senderName.optional',
            )}
            value={value.senderName}
            onChange={(event) => update({ senderName: event.currentTarget.value.slice(0, SENDER_NAME_MAX) })}
            autoComplete="off"
            error={errorOf('senderName')}
            data-testid="sms-field-senderName"
          />
        );
    }
  };

  return <>{provider.fields.map(field)}</>;
}
