import { useMemo, useState } from 'react';
import { Alert, Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useSandboxMessages } from '../api/get-sandbox-messages';
import { useSandboxState } from '../api/get-sandbox-state';
import { SandboxAccountCard } from '../components/sandbox-account-card';
import { SandboxMessageLog } from '../components/sandbox-message-log';
import { SandboxPairingForm } from '../components/sandbox-pairing-form';
import { SandboxReplyForm, type ReplyDraft } from '../components/sandbox-reply-form';
import { SandboxRulesCard } from '../components/sandbox-rules-card';
import { threadsByPhone } from '../sandbox-rules';

// The local CRM's booking page (a cabinet page: it asks for sign-in and a branch).
const DEV_CRM_PATH = '/dev/crm';

// /dev/sandbox: the other side of the simulated phone network — the salon's phone that scans a QR
// or types a pairing code, and the clients who read and reply. Open without signing in.
export function DevSandboxPage() {
  const { t } = useTranslation(['dev-sandbox', 'pages']);
  const state = useSandboxState();
  const off = state.isError && isApiError(state.error) && state.error.httpStatus === 404;
  const messages = useSandboxMessages(!off);
  const threads = useMemo(() => threadsByPhone(messages.data?.messages ?? []), [messages.data]);
  const [draft, setDraft] = useState<ReplyDraft>({ phone: '', name: '', text: '' });

  if (off) {
    return (
      <Stack gap="md">
        <PageTitle>{t('pages:titles.devSandbox')}</PageTitle>
        <Alert
          color="gray"
          variant="light"
          icon={<IconFlask aria-hidden />}
          title={t('dev-sandbox:off.title')}
          data-testid="sandbox-off"
        >
          {t('dev-sandbox:off.description')}
        </Alert>
      </Stack>
    );
  }

  const accounts = state.data?.accounts ?? [];
  return (
    <Stack gap="md">
      <PageTitle>{t('pages:titles.devSandbox')}</PageTitle>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('dev-sandbox:intro')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('dev-sandbox:crm.text')}{' '}
        <Anchor href={DEV_CRM_PATH} data-testid="sandbox-crm-link">
          {t('dev-sandbox:crm.link')}
        </Anchor>
      </Text>
      <SandboxRulesCard />
      <Title order={2} size="h3">
        {t('dev-sandbox:accounts.title')}
      </Title>
      {state.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={180} />
          <Skeleton height={180} />
        </SimpleGrid>
      )}
      {state.isError && <QueryErrorView error={state.error} onRetry={() => void state.refetch()} />}
      {state.isSuccess && accounts.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="sandbox-no-accounts">
          {t('dev-sandbox:accounts.empty')}
        </Text>
      )}
      {accounts.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {accounts.map((account) => (
            <SandboxAccountCard key={account.instance_id} account={account} />
          ))}
        </SimpleGrid>
      )}
      <SandboxPairingForm />
      <Title order={2} size="h3">
        {t('dev-sandbox:log.title')}
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <SandboxReplyForm draft={draft} onDraft={setDraft} />
          {messages.isError ? (
            <QueryErrorView error={messages.error} onRetry={() => void messages.refetch()} />
          ) : messages.isPending ? (
            <Skeleton height={80} />
          ) : (
            <SandboxMessageLog
              threads={threads}
              onReply={(phone, name) => setDraft({ phone, name: name ?? '', text: '' })}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
