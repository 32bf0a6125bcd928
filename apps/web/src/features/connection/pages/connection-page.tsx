import { useState } from 'react';
import { Button, Card, Stack, Tabs } from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp, IconDeviceMobile, IconFileCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelCode } from '@salon/contract/connection';
import { NoticeArea } from '../../../shared/ui/notice-area';
import { NoticeLine } from '../../../shared/ui/notice-line';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useConnection } from '../api/get-connection';
import { otherChannel, tabAfterStates, toUiState, type ChannelUiState } from '../channel-state';
import { ChannelHeader } from '../components/channel-panel';
import { ConnectionSkeleton } from '../components/connection-skeleton';
import { useBranchStatusSync } from '../hooks/use-branch-status-sync';
import { RegistryConsentModal } from '../components/registry-consent-modal';
import { TelegramPanel } from '../components/telegram-panel';
import { TestMessageBox } from '../components/test-message-box';
import { WhatsAppPanel } from '../components/whatsapp-panel';

const SANDBOX_PATH = '/dev/sandbox';

function Dot({ state }: { state: ChannelUiState | null }) {
  const color =
    state === 'authenticated'
      ? 'var(--mantine-color-teal-6)'
      : state === null
        ? 'var(--mantine-color-gray-4)'
        : 'var(--mantine-color-red-6)';
  return (
    <span
      aria-hidden
      style={{ width: 8, height: 8, borderRadius: '50%', background: color, display: 'inline-block' }}
    />
  );
}

// /connection: WhatsApp and Telegram, their login flows and actions, a test message (SPEC 2, 4).
export function ConnectionPage() {
  const { t } = useTranslation(['connection', 'pages', 'common']);
  const connection = useConnection();
  const data = connection.data;
  useBranchStatusSync(data);
  // The tab the user picked; until then WhatsApp, unless it was dropped (SPEC 4).
  const [chosen, setChosen] = useState<ChannelCode | null>(null);
  const [consentClosed, setConsentClosed] = useState(false);
  // Notices hidden for this visit (the registry one comes back until the rules are accepted).
  const [hidden, setHidden] = useState({ sandbox: false, registry: false });
  const states: Record<ChannelCode, ChannelUiState> | null = data
    ? {
        WA: toUiState({ status: data.wa.status, reason: data.wa.reason }),
        TG: toUiState({ status: data.tg.status, reason: data.tg.reason }),
      }
    : null;
  const tab = chosen ?? (states ? tabAfterStates('WA', states) : 'WA');

  const panel = (channel: ChannelCode) => {
    if (!data) {
      if (connection.isError) {
        return (
          <Card withBorder radius="md" padding="lg">
            <ChannelHeader channel={channel} uiState="requestError" />
            <QueryErrorView error={connection.error} onRetry={() => void connection.refetch()} />
          </Card>
        );
      }
      return <ConnectionSkeleton />;
    }
    const showOther = () => setChosen(otherChannel(channel));
    return channel === 'WA' ? (
      <WhatsAppPanel state={data.wa} onOtherChannel={showOther} />
    ) : (
      <TelegramPanel state={data.tg} sandbox={data.sandbox} onOtherChannel={showOther} />
    );
  };

  return (
    <Stack gap="md">
      <PageTitle
        video="connection"
        aside={
          data?.sandbox ? (
            <Button
              component="a"
              href={SANDBOX_PATH}
              target="_blank"
              rel="noreferrer"
              variant="light"
              leftSection={<IconDeviceMobile size={16} aria-hidden />}
              data-testid="sandbox-link"
            >
              {t('connection:sandbox.open')}
            </Button>
          ) : undefined
        }
      >
        {t('pages:titles.connection')}
      </PageTitle>
      <NoticeArea>
        {data?.sandbox && !hidden.sandbox && (
          <NoticeLine
            color="gray"
            icon={<IconDeviceMobile size={18} aria-hidden />}
            text={t('connection:sandbox.hint')}
            dismissLabel={t('common:notices.dismiss')}
            onDismiss={() => setHidden((h) => ({ ...h, sandbox: true }))}
            testId="sandbox-hint"
          />
        )}
        {data && !data.registry_consent && !hidden.registry && (
          <NoticeLine
            color="blue"
            icon={<IconFileCertificate size={18} aria-hidden />}
            text={`${t('connection:registry.bannerTitle')}. ${t('connection:registry.banner')}`}
            action={
              <Button size="compact-xs" onClick={() => setConsentClosed(false)} data-testid="registry-consent-open">
                {t('connection:registry.review')}
              </Button>
            }
            dismissLabel={t('common:notices.dismiss')}
            onDismiss={() => setHidden((h) => ({ ...h, registry: true }))}
            testId="registry-notice"
          />
        )}
      </NoticeArea>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value === 'WA' || value === 'TG') setChosen(value);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab
            value="WA"
            data-testid="connection-tab-wa"
            leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
            rightSection={<Dot state={states?.WA ?? null} />}
          >
            {t('connection:channel.WA')}
          </Tabs.Tab>
          <Tabs.Tab
            value="TG"
            data-testid="connection-tab-tg"
            leftSection={<IconBrandTelegram size={18} aria-hidden />}
            rightSection={<Dot state={states?.TG ?? null} />}
          >
            {t('connection:channel.TG')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="WA" pt="md">
          {panel('WA')}
        </Tabs.Panel>
        <Tabs.Panel value="TG" pt="md">
          {panel('TG')}
        </Tabs.Panel>
      </Tabs>
      <TestMessageBox />
      <RegistryConsentModal
        opened={data?.registry_consent === false && !consentClosed}
        onClose={() => setConsentClosed(true)}
      />
    </Stack>
  );
}
