import { routeForPath } from '../routes/route-table';
import { PAGE_MODULES } from './page-modules';
import { loadAppLayout, loadAppRouteGate } from './shell-modules';

// The first script index.html runs, before React and the rest of the app are evaluated (which
// takes hundreds of milliseconds on a slow machine): a cabinet address starts loading its shell,
// gate and page chunks at once. route-preload.ts then adds the texts and the first API calls.
// A signed-out visitor is sent to the login page; the chunks wait in the cache for after sign-in.
const route = routeForPath(window.location.pathname);
if (route.shell === 'app' && route.page !== 'login') {
  const ignore = () => undefined;
  loadAppLayout().catch(ignore);
  loadAppRouteGate().catch(ignore);
  PAGE_MODULES[route.page].load().catch(ignore);
}
