import { useEffect, useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAccounts } from '../../shared/accounts/accounts-query';
import { session } from '../../shared/session/session';
import { useSession } from '../../shared/session/use-session';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
import { QueryErrorView } from '../../shared/ui/query-error-view';
import { decideRoute } from '../routes/guard';
import type { RouteDef } from '../routes/route-table';
import {
  AccountsPage,
  BlacklistPage,
  ChatHistoryPage,
  ConnectionPage,
  DashboardPage,
  SectionPlaceholderPage,
} from '../router/pages';
import { NO_SELECTION, sameSelection, selectionOf } from './branch-selection';
import { useGuardContext } from './use-guard-context';

function RoutePage({ route }: { route: RouteDef }) {
  if (route.page === 'accounts') return <AccountsPage />;
  if (route.page === 'dashboard') return <DashboardPage />;
  if (route.page === 'connection') return <ConnectionPage />;
  if (route.page === 'blacklist') return <BlacklistPage />;
  if (route.page === 'chatHistory') return <ChatHistoryPage />;
  return <SectionPlaceholderPage route={route} />;
}

// An unknown branch in the link: forget the selection, then show the list with a notice.
function BranchNotFoundRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    session.update(NO_SELECTION);
    void navigate(to, { replace: true, state: { notice: 'branchNotFound' } });
  }, [navigate, to]);
  return <PageSkeleton />;
}

// Applies the route's guard (SPEC 6) and keeps the session's branch equal to the one in the address.
export function AppRouteGate({ route }: { route: RouteDef }) {
  const ctx = useGuardContext();
  const accounts = useAccounts();
  const current = useSession();
  const decision = decideRoute(route, ctx);
  const branch = decision.kind === 'allow' ? decision.branch : null;
  const selection = useMemo(() => (branch ? selectionOf(branch) : null), [branch]);
  const inSync = selection === null || sameSelection(selection, current);

  useEffect(() => {
    if (selection !== null && !inSync) session.update(selection);
  }, [selection, inSync]);

  if (accounts.isError && !accounts.data) {
    return <QueryErrorView error={accounts.error} onRetry={() => void accounts.refetch()} />;
  }
  if (decision.kind === 'wait') return <PageSkeleton />;
  if (decision.kind === 'redirect') {
    return decision.notice ? <BranchNotFoundRedirect to={decision.to} /> : <Navigate to={decision.to} replace />;
  }
  // Pages start their calls on mount; they must not go out with the previous branch's acc_id.
  if (!inSync) return <PageSkeleton />;
  return <RoutePage route={route} />;
}
