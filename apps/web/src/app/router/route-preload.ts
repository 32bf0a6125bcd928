import { queryClient } from '../../shared/api/query-client';
import { publicConfigQuery } from '../../shared/config/public-config-query';
import { i18n } from '../../shared/i18n/i18n';
import { session } from '../../shared/session/session';
import { routeForPath } from '../routes/route-table';
import { PAGE_MODULES } from './page-modules';
import { loadAppLayout, loadAppRouteGate } from './shell-modules';

// What the cabinet shell (header, menu, banners, agreement bar, footer) renders with.
const SHELL_NAMESPACES = ['menu', 'pages', 'errors', 'accounts'];
const LOGIN_NAMESPACES = ['auth', 'errors'];

// Asks at start for everything the first address needs: its chunks (Vite preloads each chunk's
// imports beside it), its texts, the public settings (links on the login page, header and footer)
// and, when signed in, the branch list every cabinet page waits for.
// Without it each lazy level is found only after the level above has loaded and rendered.
// Failures are left to the lazy components and queries, which load the same things again.
export function preloadRoute(pathname: string): void {
  const route = routeForPath(pathname);
  const { authenticated } = session.get();
  const ignore = () => undefined;
  queryClient.prefetchQuery(publicConfigQuery).catch(ignore);
  if (route.shell === 'login' && !authenticated) {
    i18n.loadNamespaces(LOGIN_NAMESPACES).catch(ignore);
    return;
  }
  if (route.shell !== 'app' || route.page === 'login' || !authenticated) return;
  const page = PAGE_MODULES[route.page];
  // Imported here, not at the top: the branch list's schema needs zod, which the login page goes without.
  import('../../shared/accounts/accounts-query')
    .then(({ accountsQuery }) => queryClient.prefetchQuery(accountsQuery))
    .catch(ignore);
  loadAppLayout().catch(ignore);
  loadAppRouteGate().catch(ignore);
  page.load().catch(ignore);
  i18n.loadNamespaces([...SHELL_NAMESPACES, ...page.ns]).catch(ignore);
}
