import { BrowserRouter } from 'react-router';
import { setAuthLostHandler } from '../shared/api/api';
import { queryClient } from '../shared/api/query-client';
import { session } from '../shared/session/session';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { AppProviders } from './providers/app-providers';
import { AppRoutes } from './router/app-routes';

// A refused refresh token ends the session (SPEC 4 "Token refresh"); the shell's gate then sends
// the user to the login page from wherever they were.
setAuthLostHandler(() => {
  session.clear();
  queryClient.clear();
});

export function App() {
  return (
    <AppProviders>
      <AppErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppErrorBoundary>
    </AppProviders>
  );
}
