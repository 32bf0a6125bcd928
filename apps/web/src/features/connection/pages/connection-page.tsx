import { useState } from 'react';
import { Button, Card, Stack, Tabs } from '@mantine/core';
import { IconDeviceMobile, IconFileCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_CODES, type ChannelCode } from '@salon/contract/connection';
import { NoticeArea } from '../../../shared/ui/notice-area';
import { NoticeLine } from '../../../shared/ui/notice-line';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useConnection } from '../api/get-connection';
import { isBotCode, otherChannel, tabAfterStates, toUiState, type ChannelUiState } from '../channel-state';
import { botNeedsToken } from '../bot-rules';
import { BotPanel } from '../components/bot-panel';
import { ChannelIcon } from '../components/channel-icon';
import { ChannelHeader } from '../components/channel-panel';
import { ConnectionSkeleton } from '../components/connection-skeleton';
import { useBranchStatusSync } from '../hooks/use-branch-status-sync';
import { RegistryConsentModal } from '../components/registry-consent-modal';
import { TelegramPanel } from '../components/telegram-panel';
import { TestMessageBox } from '../components/test-message-box';
import { WhatsAppPanel } from '../components/whatsapp-panel';

const SANDBOX_PATH = '/dev/sandbox';

// `optional`: a bot nobody set up is not a fault, so it shows grey rather than red.
function Dot({ state, optional }: { state: ChannelUiState | null; optional: boolean }) {
  const color =
    state === 'authenticated'
      ? 'var(--mantine-color-teal-6)'
      : state === null || (optional && botNeedsToken(state))
        ? 'var(--mantine-color-gray-4)'
        : 'var(--mantine-color-red-6)';
  return (
    <span
      aria-hidden
      style={{ width: 8, height: 8, borderRadius: '50%', background: color, display: 'inline-block' }}
    />
  );
}

// The tabs' test ids: the messengers' were lower case before the bots came.
const TAB_TEST_IDS: Record<ChannelCode, string> = {
  WA: 'connection-tab-wa',
  TG: 'connection-tab-tg',
  TGB: 'connection-tab-TGB',
  MAX: 'connection-tab-MAX',
};

const isChannelCode = (value: string | null): value is ChannelCode =>
  value !== null && (CHANNEL_CODES as readonly string[]).includes(value);

// /connection: WhatsApp and Telegram with their login flows and actions, the salon's Telegram and
// MAX bots with their tokens (issue 19), a test message (SPEC 2, 4).
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
        TGB: toUiState({ status: data.tg_bot.status, reason: data.tg_bot.reason }),
        MAX: toUiState({ status: data.max.status, reason: data.max.reason }),
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
      return <ConnectionSkeleton qr={!isBotCode(channel)} />;
    }
    const showOther = () => setChosen(otherChannel(channel));
    switch (channel) {
      case 'WA':
        return <WhatsAppPanel state={data.wa} onOtherChannel={showOther} />;
      case 'TG':
        return <TelegramPanel state={data.tg} sandbox={data.sandbox} onOtherChannel={showOther} />;
      case 'TGB':
        return <BotPanel channel="TGB" state={data.tg_bot} onOtherChannel={showOther} />;
      case 'MAX':
        return <BotPanel channel="MAX" state={data.max} onOtherChannel={showOther} />;
    }
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
          if (isChannelCode(value)) setChosen(value);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {CHANNEL_CODES.map((channel) => (
            <Tabs.Tab
              key={channel}
              value={channel}
              data-testid={TAB_TEST_IDS[channel]}
              leftSection={<ChannelIcon channel={channel} size={18} />}
              rightSection={<Dot state={states?.[channel] ?? null} optional={isBotCode(channel)} />}
            >
              {t(`connection:channel.${channel}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CHANNEL_CODES.map((channel) => (
          <Tabs.Panel key={channel} value={channel} pt="md">
            {panel(channel)}
          </Tabs.Panel>
        ))}
      </Tabs>
      {/* The bot tabs carry their own test box, pinned to the bot. */}
      {!isBotCode(tab) && <TestMessageBox />}
      <RegistryConsentModal
        opened={data?.registry_consent === false && !consentClosed}
        onClose={() => setConsentClosed(true)}
      />
    </Stack>
  );
}
