import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { session } from '../../shared/session/session';
import { useSession } from '../../shared/session/use-session';
import { decideRoute } from '../routes/guard';
import { routeById } from '../routes/route-table';
import { LoginPage } from '../../features/auth/pages/login-page';

// `/`: the login page for guests; signed-in users go to their branches. The page is part of the
// first script (it is small, and most visits start here): a lazy chunk would cost a round trip.
export function LoginGate() {
  const { authenticated, accId } = useSession();
  const { search } = useLocation();
  useEffect(() => {
    if (new URLSearchParams(search).get('redirect') === 'connection') session.update({ redirectToConnection: true });
  }, [search]);
  const decision = decideRoute(routeById('login'), { authenticated, accounts: null, search, sessionAccId: accId });
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace /> : <LoginPage />;
}
