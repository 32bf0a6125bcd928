import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isPairingInputReady, normalizePairingInput } from '../sandbox-rules';
import { useSandboxRun } from './use-sandbox-run';

// The phone side of WhatsApp's "link with phone number": type the code the cabinet shows.
export function SandboxPairingForm() {
  const { t } = useTranslation('dev-sandbox');
  const [code, setCode] = useState('');
  const sandbox = useSandboxRun();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPairingInputReady(code)) sandbox.run({ type: 'pairing', code }, () => setCode(''));
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('pairing.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('pairing.intro')}
          </Text>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 180px' }}
              label={t('pairing.label')}
              placeholder="ABCD-2345"
              value={code}
              onChange={(event) => setCode(normalizePairingInput(event.currentTarget.value))}
              autoComplete="off"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.1em' } }}
              data-testid="sandbox-pairing-code"
            />
            <Button
              type="submit"
              disabled={!isPairingInputReady(code)}
              loading={sandbox.pending}
              data-testid="sandbox-pairing-submit"
            >
              {t('pairing.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
