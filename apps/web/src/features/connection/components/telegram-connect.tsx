import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, List, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { onlyDigits } from '@salon/contract/telegram-id-rules';
import { PhoneInput, isValidPhone } from '../../../shared/ui/phone-input';
import { formatCountdown } from '../connect-timing';
import type { useTelegramLogin } from '../hooks/use-telegram-login';
import type { LoginErrorKey } from '../login-errors';
import { QrWait } from './qr-wait';

type TelegramLogin = ReturnType<typeof useTelegramLogin>;

const CODE_MAX = 8;
const CODE_PATTERN = /^\d{3,8}$/;

function useErrorText(error: LoginErrorKey | null, retryAfter: number | null): string | null {
  const { t } = useTranslation('connection');
  if (error === null) return null;
  if (error === 'flood' && retryAfter !== null) return t('loginError.floodWait', { time: formatCountdown(retryAfter) });
  return t(`loginError.${error}`);
}

// The step's error: on its input when it concerns the input (SPEC 8: a wrong 2FA password marks it),
// otherwise as an alert. Either way it carries the tg-error hook.
const errorProps = { 'data-testid': 'tg-error', role: 'alert' };

function StepAlert({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <Alert color="red" variant="light" data-testid="tg-error" role="alert">
      {text}
    </Alert>
  );
}

function PhoneStep({ tg, sandbox }: { tg: TelegramLogin; sandbox: boolean }) {
  const { t } = useTranslation('connection');
  const [phone, setPhone] = useState(tg.phone);
  const text = useErrorText(tg.login.error, tg.login.retryAfter);
  const valid = isValidPhone(phone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !tg.pending) tg.submitPhone(phone);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('telegram.phoneIntro')}</Text>
        <PhoneInput
          label={t('telegram.phoneLabel')}
          description={t('telegram.phoneHint')}
          placeholder="79991234567"
          value={phone}
          onChange={setPhone}
          error={tg.login.fieldError ? text : undefined}
          errorProps={errorProps}
          data-testid="tg-phone"
        />
        {!tg.login.fieldError && <StepAlert text={text} />}
        {sandbox && (
          <Text size="xs" c="dimmed">
            {t('telegram.sandboxHint')}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={!valid} loading={tg.pending} data-testid="tg-phone-submit">
            {t('telegram.sendCode')}
          </Button>
          <Button variant="subtle" onClick={tg.startQr} data-testid="tg-qr-start">
            {t('telegram.byQr')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CodeStep({ tg }: { tg: TelegramLogin }) {
  const { t } = useTranslation('connection');
  const [code, setCode] = useState('');
  const text = useErrorText(tg.login.error, tg.login.retryAfter);
  const valid = CODE_PATTERN.test(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !tg.pending) tg.submitCode(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('telegram.codeIntro', { phone: `+${tg.phone}` })}</Text>
        <TextInput
          label={t('telegram.codeLabel')}
          value={code}
          onChange={(event) => setCode(onlyDigits(event.currentTarget.value, CODE_MAX))}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          error={tg.login.fieldError ? text : undefined}
          errorProps={errorProps}
          data-testid="tg-code"
          styles={{ input: { letterSpacing: '0.3em', fontSize: 20 } }}
        />
        {!tg.login.fieldError && <StepAlert text={text} />}
        <Group gap="sm">
          <Button type="submit" disabled={!valid} loading={tg.pending} data-testid="tg-code-submit">
            {t('telegram.checkCode')}
          </Button>
          <Button variant="subtle" onClick={tg.restart}>
            {t('telegram.changePhone')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordStep({ tg }: { tg: TelegramLogin }) {
  const { t } = useTranslation('connection');
  const [password, setPassword] = useState('');
  const text = useErrorText(tg.login.error, tg.login.retryAfter);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length > 0 && !tg.pending) tg.submitPassword(password);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('telegram.passwordIntro')}</Text>
        <PasswordInput
          label={t('telegram.passwordLabel')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoComplete="current-password"
          autoFocus
          error={tg.login.fieldError ? text : undefined}
          errorProps={errorProps}
          // PasswordInput marks its inner input with data-invalid only; screen readers need aria-invalid.
          aria-invalid={tg.login.fieldError}
          data-testid="tg-password"
        />
        {!tg.login.fieldError && <StepAlert text={text} />}
        <Group gap="sm">
          <Button type="submit" disabled={password.length === 0} loading={tg.pending} data-testid="tg-password-submit">
            {t('telegram.checkPassword')}
          </Button>
          <Button variant="subtle" onClick={tg.restart}>
            {t('telegram.startOver')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function QrStep({ tg }: { tg: TelegramLogin }) {
  const { t } = useTranslation('connection');
  return (
    <Stack gap="sm" align="center">
      <List type="ordered" size="sm" spacing={2} style={{ alignSelf: 'stretch' }}>
        <List.Item>{t('telegram.qrStepOpen')}</List.Item>
        <List.Item>{t('telegram.qrStepDevices')}</List.Item>
        <List.Item>{t('telegram.qrStepScan')}</List.Item>
      </List>
      <QrWait testId="tg-qr" shown={tg.qr.shown} failed={tg.qr.failed} error={tg.qr.error} onRetry={tg.qr.restart} />
      <Anchor component="button" type="button" size="sm" onClick={tg.restart}>
        {t('telegram.byPhone')}
      </Anchor>
    </Stack>
  );
}

// SPEC 4 Telegram steps: phone → code → (2FA password) → loading the new status; or the QR way.
export function TelegramConnect({ tg, sandbox }: { tg: TelegramLogin; sandbox: boolean }) {
  const { t } = useTranslation('connection');
  switch (tg.login.step) {
    case 'phone':
      return <PhoneStep tg={tg} sandbox={sandbox} />;
    case 'code':
      return <CodeStep key={tg.codeAttempt} tg={tg} />;
    case 'password':
      return <PasswordStep tg={tg} />;
    case 'qr':
      return <QrStep tg={tg} />;
    case 'loadingStatus':
      if (tg.stuck) {
        return (
          <Alert color="red" variant="light" data-testid="tg-error" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('telegram.stuck')}</Text>
              <Button size="xs" onClick={tg.restart}>
                {t('telegram.startOver')}
              </Button>
            </Stack>
          </Alert>
        );
      }
      return (
        <Group gap="sm" data-testid="tg-loading-status">
          <Loader size="sm" />
          <Text size="sm">{t('telegram.loadingStatus')}</Text>
        </Group>
      );
  }
}
