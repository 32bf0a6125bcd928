import { useEffect } from 'react';
import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../../shared/accounts/accounts-query';
import type { Branch } from '../../../shared/accounts/branch';
import { session } from '../../../shared/session/session';
import { useSession } from '../../../shared/session/use-session';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { BranchCard } from '../components/branch-card';
import { BranchListSkeleton } from '../components/branch-list-skeleton';
import { NoFilial } from '../components/no-filial';
import { branchTarget } from '../branch-target';

// Set by the route guard when a link named a branch that is not in the list (SPEC 8), or when the
// page asked for needs rights the user lacks on the branch.
function noticeOf(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : null;
}

export function AccountsPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const location = useLocation();
  const { accId } = useSession();
  const accounts = useAccounts();
  const notice = noticeOf(location.state);
  const branches = accounts.data?.branches ?? [];
  const only = branches.length === 1 ? branches[0] : undefined;

  // SPEC 4: a single branch is chosen for the user, unless they came back here on purpose.
  useEffect(() => {
    if (!only || accId !== null || notice !== null) return;
    // Read, not subscribed: clearing the flag must not run this effect again with the flag gone.
    const { redirectToConnection } = session.get();
    if (redirectToConnection) session.update({ redirectToConnection: false });
    void navigate(branchTarget(only, redirectToConnection), { replace: true });
  }, [only, accId, notice, navigate]);

  const select = (branch: Branch) => void navigate(branchTarget(branch));

  return (
    <Stack gap="md">
      <PageTitle>{t('title')}</PageTitle>
      {notice === 'branchNotFound' && (
        <Alert color="yellow" variant="light" data-testid="branch-not-found">
          {t('branchNotFound')}
        </Alert>
      )}
      {notice === 'noRights' && (
        <Alert color="yellow" variant="light" data-testid="no-rights-notice">
          {t('noRights')}
        </Alert>
      )}
      {accounts.isPending && <BranchListSkeleton />}
      {accounts.isError && <QueryErrorView error={accounts.error} onRetry={() => void accounts.refetch()} />}
      {accounts.isSuccess && branches.length === 0 && <NoFilial />}
      {branches.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {branches.map((branch) => (
            <BranchCard key={branch.accId} branch={branch} selected={branch.accId === accId} onSelect={select} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
