import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Card, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFlask, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { allows } from '@salon/contract/rights-rules';
import { useAccounts } from '../../../shared/accounts/accounts-query';
import type { Branch } from '../../../shared/accounts/branch';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/use-session';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useSandboxMessages } from '../api/get-sandbox-messages';
import { useSandboxState } from '../api/get-sandbox-state';
import { SandboxAccountCard } from '../components/sandbox-account-card';
import { SandboxMessageLog } from '../components/sandbox-message-log';
import { SandboxPairingForm } from '../components/sandbox-pairing-form';
import { SandboxReplyForm, type ReplyDraft } from '../components/sandbox-reply-form';
import { SandboxRulesCard } from '../components/sandbox-rules-card';
import { SandboxBranchContext } from '../sandbox-branch';
import { threadsByPhone } from '../sandbox-rules';

// The local CRM's booking page (a cabinet page: it asks for sign-in and a branch).
const DEV_CRM_PATH = '/dev/crm';
const SIGN_IN_PATH = '/';

// /dev/sandbox: the other side of the simulated phone network — the salon's phone that scans a QR
// or types a pairing code, and the clients who read and reply. It shows live QR payloads and login
// codes, so it needs sign-in and acts for one of the user's branches (?accId=), as the server does.
export function DevSandboxPage() {
  const { t } = useTranslation(['dev-sandbox', 'pages']);
  const { authenticated } = useSession();
  return (
    <Stack gap="md">
      <PageTitle>{t('pages:titles.devSandbox')}</PageTitle>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('dev-sandbox:intro')}
      </Text>
      {authenticated ? (
        <BranchChoice />
      ) : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconLock aria-hidden />}
          title={t('dev-sandbox:signIn.title')}
          data-testid="sandbox-sign-in"
        >
          {t('dev-sandbox:signIn.description')} <Anchor href={SIGN_IN_PATH}>{t('dev-sandbox:signIn.link')}</Anchor>
        </Alert>
      )}
    </Stack>
  );
}

// The user's branches; the one in the address (?accId=), else the cabinet's current one, else the first.
function BranchChoice() {
  const { t } = useTranslation('dev-sandbox');
  const accounts = useAccounts();
  const { accId: current } = useSession();
  const [params, setParams] = useSearchParams();
  const branches = useMemo(() => (accounts.data?.branches ?? []).filter((b) => !b.isSynthetic), [accounts.data]);
  if (accounts.isPending) return <Skeleton height={36} />;
  if (accounts.isError) return <QueryErrorView error={accounts.error} onRetry={() => void accounts.refetch()} />;
  const asked = Number(params.get('accId'));
  const branch =
    branches.find((b) => b.accId === asked) ?? branches.find((b) => b.accId === current) ?? branches[0] ?? null;
  if (!branch) {
    return (
      <Text size="sm" c="dimmed" data-testid="sandbox-no-branches">
        {t('branch.none')}
      </Text>
    );
  }
  const selector = (
    <Select
      label={t('branch.label')}
      data={branches.map((b) => ({ value: String(b.accId), label: b.name }))}
      value={String(branch.accId)}
      onChange={(value) => value && setParams({ accId: value }, { replace: true })}
      allowDeselect={false}
      maw={360}
      data-testid="sandbox-branch"
    />
  );
  return (
    <SandboxBranchContext.Provider value={branch.accId}>
      <BranchSandbox key={branch.accId} branch={branch} selector={selector} />
    </SandboxBranchContext.Provider>
  );
}

function BranchSandbox({ branch, selector }: { branch: Branch; selector: ReactNode }) {
  const { t } = useTranslation('dev-sandbox');
  // The salon's phone (QR payloads, codes, network events) is the connection screen's right; the
  // clients' side is any member's.
  const phoneSide = allows(branch.rights, 'connection');
  const state = useSandboxState(branch.accId, phoneSide);
  const messages = useSandboxMessages(branch.accId);
  const threads = useMemo(() => threadsByPhone(messages.data?.messages ?? []), [messages.data]);
  const [draft, setDraft] = useState<ReplyDraft>({ phone: '', name: '', text: '' });
  const off = [state.error, messages.error].some((e) => isApiError(e) && e.httpStatus === 404);

  if (off) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconFlask aria-hidden />}
        title={t('off.title')}
        data-testid="sandbox-off"
      >
        {t('off.description')}
      </Alert>
    );
  }

  const accounts = state.data?.accounts ?? [];
  return (
    <>
      {selector}
      <Text size="sm" c="dimmed">
        {t('crm.text')}{' '}
        <Anchor href={`${DEV_CRM_PATH}?accId=${branch.accId}`} data-testid="sandbox-crm-link">
          {t('crm.link')}
        </Anchor>
      </Text>
      <SandboxRulesCard />
      <Title order={2} size="h3">
        {t('accounts.title')}
      </Title>
      {!phoneSide && (
        <Text size="sm" c="dimmed" data-testid="sandbox-no-phone-rights">
          {t('accounts.noRights')}
        </Text>
      )}
      {phoneSide && state.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={180} />
          <Skeleton height={180} />
        </SimpleGrid>
      )}
      {state.isError && <QueryErrorView error={state.error} onRetry={() => void state.refetch()} />}
      {state.isSuccess && accounts.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="sandbox-no-accounts">
          {t('accounts.empty')}
        </Text>
      )}
      {accounts.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {accounts.map((account) => (
            <SandboxAccountCard key={account.instance_id} account={account} />
          ))}
        </SimpleGrid>
      )}
      {phoneSide && <SandboxPairingForm />}
      <Title order={2} size="h3">
        {t('log.title')}
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
    </>
  );
}
