import { Navigate } from 'react-router';
import { useSession } from '../../shared/session/use-session';
import { AppLayout } from '../router/pages';

// Every cabinet page needs a session; the (lazy) shell is loaded only for signed-in users.
export function ShellGate() {
  const { authenticated } = useSession();
  return authenticated ? <AppLayout /> : <Navigate to="/" replace />;
}
