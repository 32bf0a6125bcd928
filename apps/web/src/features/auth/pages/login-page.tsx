import { useState } from 'react';
import { Center, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../shared/config/public-config-query';
import { LangSwitch } from '../../../shared/i18n/lang-switch';
import { PageTitle } from '../../../shared/ui/page-title';
import { Logo } from '../../../shared/ui/logo';
import { showToast } from '../../../shared/toast/show-toast';
import { useRequestPin } from '../api/request-pin';
import { useSignIn } from '../api/sign-in';
import { PinStep } from '../components/pin-step';
import { TelegramIdStep } from '../components/telegram-id-step';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

// Login by Telegram id and a 4-digit PIN (SPEC 1, 4).
export function LoginPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const { data: config } = usePublicConfig();
  const [telegramId, setTelegramId] = useState('');
  const [step, setStep] = useState<'telegramId' | 'pin'>('telegramId');
  // Bumped on every rejected PIN: the PIN step remounts empty and focused.
  const [pinAttempt, setPinAttempt] = useState(0);
  const requestPin = useRequestPin();
  const signIn = useSignIn();
  const completeSignIn = useCompleteSignIn();

  const askForPin = (id: string) => {
    signIn.reset();
    requestPin.mutate(id, {
      onSuccess: () => {
        if (step === 'pin') showToast('success', t('auth:pin.resent'));
        setTelegramId(id);
        setStep('pin');
      },
    });
  };

  const checkPin = (pin: string) => {
    requestPin.reset();
    signIn.mutate(
      { telegramId, pin },
      {
        onSuccess: (result) => completeSignIn(telegramId, result),
        onError: () => setPinAttempt((n) => n + 1),
      },
    );
  };

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper w="100%" maw={440} p={{ base: 'lg', sm: 'xl' }} radius="md" withBorder shadow="sm">
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            <LangSwitch />
          </Group>
          <div>
            <PageTitle video="login">{t('auth:title')}</PageTitle>
            <Text size="sm" c="dimmed" mt={-8}>
              {t(step === 'telegramId' ? 'auth:telegramId.intro' : 'auth:pin.intro')}
            </Text>
          </div>
          {step === 'telegramId' ? (
            <TelegramIdStep
              initialId={telegramId}
              config={config}
              pending={requestPin.isPending}
              error={requestPin.error}
              onSubmit={askForPin}
            />
          ) : (
            <PinStep
              key={pinAttempt}
              telegramId={telegramId}
              pinInServerLog={config?.pin_in_server_log ?? false}
              pending={signIn.isPending}
              resendPending={requestPin.isPending}
              error={signIn.error ?? requestPin.error}
              onSubmit={checkPin}
              onResend={() => askForPin(telegramId)}
              onChangeId={() => {
                signIn.reset();
                requestPin.reset();
                setStep('telegramId');
              }}
            />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
