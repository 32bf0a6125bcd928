import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../shared/lib/use-now';
import { PhoneInput, isValidPhone } from '../../../shared/ui/phone-input';
import { formatCountdown, pairingCodeGroups, secondsLeft } from '../connect-timing';
import type { PairingError, ShownPairingCode } from '../hooks/use-wa-pairing';

interface WaPairingProps {
  shown: ShownPairingCode | null;
  error: PairingError | null;
  pending: boolean;
  onSubmit: (phone: string) => void;
  onBack: () => void;
}

function PairingCode({ shown, onBack }: { shown: ShownPairingCode; onBack: () => void }) {
  const { t } = useTranslation('connection');
  const now = useNow(1000);
  const left = secondsLeft(shown.expiresAt, now);
  const [first = '', second = ''] = pairingCodeGroups(shown.code);
  return (
    <Stack gap="md" align="center">
      <Text size="sm" ta="center">
        {t('pairing.codeFor', { phone: `+${shown.phone}` })}
      </Text>
      <Group
        gap="sm"
        wrap="nowrap"
        data-testid="wa-pairing-code"
        data-code={`${first}${second}`}
        aria-label={t('pairing.codeLabel')}
        style={{
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 30,
          fontWeight: 700,
          letterSpacing: '0.12em',
        }}
      >
        <span>{first}</span>
        <span aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }}>
          -
        </span>
        <span>{second}</span>
      </Group>
      <Text size="sm" c={left <= 10 ? 'orange.7' : 'dimmed'} data-testid="wa-pairing-countdown">
        {t('pairing.expiresIn', { time: formatCountdown(left) })}
      </Text>
      <List type="ordered" size="sm" spacing={2} style={{ alignSelf: 'stretch' }}>
        <List.Item>{t('pairing.stepOpen')}</List.Item>
        <List.Item>{t('pairing.stepLinked')}</List.Item>
        <List.Item>{t('pairing.stepWithPhone')}</List.Item>
        <List.Item>{t('pairing.stepEnter')}</List.Item>
      </List>
      <Button variant="subtle" size="compact-sm" onClick={onBack} data-testid="wa-pairing-back">
        {t('pairing.otherNumber')}
      </Button>
    </Stack>
  );
}

// SPEC 4 WhatsApp pairing: first the phone (digits only), then the code grouped 4-4 with its countdown.
export function WaPairing({ shown, error, pending, onSubmit, onBack }: WaPairingProps) {
  const { t } = useTranslation('connection');
  const [phone, setPhone] = useState('');
  if (shown) return <PairingCode shown={shown} onBack={onBack} />;

  const valid = isValidPhone(phone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !pending) onSubmit(phone);
  };
  const message =
    error === null
      ? null
      : error.key === 'tooSoon' && error.seconds !== null
        ? t('loginError.tooSoonWait', { time: formatCountdown(error.seconds) })
        : t(`loginError.${error.key}`);

  return (
    <form onSubmit={submit} noValidate style={{ width: '100%' }}>
      <Stack gap="sm">
        <Text size="sm">{t('pairing.intro')}</Text>
        <PhoneInput
          label={t('pairing.phoneLabel')}
          description={t('pairing.phoneHint')}
          placeholder="79991234567"
          value={phone}
          onChange={setPhone}
          error={error?.key === 'invalidPhone' ? message : undefined}
          data-testid="wa-pairing-phone"
        />
        {message && error?.key !== 'invalidPhone' && (
          <Alert
            color={error?.key === 'tooSoon' ? 'yellow' : 'red'}
            variant="light"
            data-testid="wa-pairing-error"
            role="alert"
          >
            {message}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={!valid} loading={pending} data-testid="wa-pairing-submit">
            {t('pairing.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
