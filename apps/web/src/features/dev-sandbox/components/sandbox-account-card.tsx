import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp, IconMessage, IconRobot, IconScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { botDeepLink } from '@salon/contract/bot-links';
import type { sandboxAccountWire } from '@salon/contract/dev-sandbox';
import type { z } from 'zod';
import { PhoneInput, isValidPhone } from '../../../shared/ui/phone-input';
import { NETWORK_EVENTS, SANDBOX_2FA_PASSWORD, isBotKind } from '../sandbox-rules';
import { useSandboxRun } from './use-sandbox-run';

type SandboxAccount = z.infer<typeof sandboxAccountWire>;

const KIND_ICONS: Record<string, typeof IconMessage> = {
  whatsapp: IconBrandWhatsapp,
  telegram: IconBrandTelegram,
  tg_bot: IconRobot,
  max: IconRobot,
};
const STATE_COLORS: Record<string, string> = {
  linked: 'teal',
  banned: 'red',
  qr: 'blue',
  pairing: 'blue',
  code_sent: 'blue',
};

function ScanForm({ account }: { account: SandboxAccount & { qr: string } }) {
  const { t } = useTranslation('dev-sandbox');
  const [phone, setPhone] = useState('');
  const sandbox = useSandboxRun();
  const id = account.instance_id;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isValidPhone(phone)) sandbox.run({ type: 'scan', qr: account.qr, phone });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('account.qr')}
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={`sandbox-qr-${id}`}>
          {account.qr}
        </Code>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <PhoneInput
            style={{ flex: '1 1 180px' }}
            label={t('account.scanPhone')}
            placeholder="79991234567"
            value={phone}
            onChange={setPhone}
            data-testid={`sandbox-scan-phone-${id}`}
          />
          <Button
            type="submit"
            leftSection={<IconScan size={16} aria-hidden />}
            disabled={!isValidPhone(phone)}
            loading={sandbox.pending}
            data-testid={`sandbox-scan-${id}`}
          >
            {t('account.scan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// One linked account of a branch as the simulated network sees it.
export function SandboxAccountCard({ account }: { account: SandboxAccount }) {
  const { t } = useTranslation('dev-sandbox');
  const sandbox = useSandboxRun();
  const id = account.instance_id;
  const Icon = KIND_ICONS[account.kind] ?? IconMessage;
  const qr = account.qr;

  return (
    <Card withBorder radius="md" padding="md" data-testid={`sandbox-account-${id}`} data-state={account.state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Icon size={20} aria-hidden />
            <Text fw={600} size="sm" truncate title={id}>
              {id}
            </Text>
          </Group>
          <Badge variant="light" color={STATE_COLORS[account.state] ?? 'gray'} style={{ flex: 'none' }}>
            {t(`state.${account.state}`, { defaultValue: account.state })}
          </Badge>
        </Group>
        {account.phone && isBotKind(account.kind) && (
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {t('account.botLink')}{' '}
            <Code data-testid={`sandbox-bot-link-${id}`}>{botDeepLink(account.kind, account.phone)}</Code>
          </Text>
        )}
        {account.phone && !isBotKind(account.kind) && (
          <Text size="sm">
            {t('account.phone')} <b>+{account.phone}</b>
          </Text>
        )}
        {qr !== null && <ScanForm account={{ ...account, qr }} />}
        {account.pairing_code && (
          <Text size="sm">
            {t('account.pairingWaiting')}{' '}
            <Code data-testid={`sandbox-account-pairing-${id}`}>{account.pairing_code}</Code>
          </Text>
        )}
        {account.login_code && (
          <Group gap="xs">
            <Text size="sm">{t('account.loginCode')}</Text>
            <Code fz="lg" fw={700} data-testid={`sandbox-login-code-${id}`}>
              {account.login_code}
            </Code>
          </Group>
        )}
        {account.two_factor && (
          <Text size="sm" c="orange.8" data-testid={`sandbox-2fa-${id}`}>
            {t('account.twoFactor', { password: SANDBOX_2FA_PASSWORD })}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('account.network')}
          </Text>
          <Group gap={6}>
            {NETWORK_EVENTS.map((event) => (
              <Button
                key={event}
                size="compact-xs"
                variant="light"
                color={event === 'unban' ? 'teal' : 'red'}
                loading={sandbox.pending && sandbox.variables?.type === 'network' && sandbox.variables.event === event}
                onClick={() => sandbox.run({ type: 'network', instanceId: id, event })}
                data-testid={`sandbox-network-${event}-${id}`}
              >
                {t(`network.${event}`)}
              </Button>
            ))}
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}
