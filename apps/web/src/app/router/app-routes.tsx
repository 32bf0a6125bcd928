import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from '../../shared/ui/full-page-loader';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
import { RouteErrorBoundary } from '../errors/route-error-boundary';
import { LoginGate } from '../guards/login-gate';
import { ShellGate } from '../guards/shell-gate';
import { ROUTE_LIST, type RouteDef } from '../routes/route-table';
import { BareLayout } from '../views/bare-layout';
import {
  AppRouteGate,
  AutoConnectFormPage,
  AutoConnectPage,
  BarePlaceholderPage,
  DevSandboxPage,
  NotFoundPage,
  SendOutFormPage,
  StartPage,
} from './pages';
import { preloadRoute } from './route-preload';

// The first address's code, texts and data are requested while React starts.
if (typeof window !== 'undefined') preloadRoute(window.location.pathname);

// Declarative routes (not the data router): the login page must stay within its JS budget.
function guarded(route: RouteDef, fallback: ReactNode, page: ReactNode) {
  return (
    <RouteErrorBoundary key={route.id}>
      <Suspense fallback={fallback}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}

function outsideShell(route: RouteDef): ReactNode {
  if (route.shell === 'login') return <LoginGate />;
  if (route.page === 'notFound') return <NotFoundPage />;
  if (route.page === 'devSandbox')
    return (
      <BareLayout>
        <DevSandboxPage />
      </BareLayout>
    );
  if (route.page === 'startPage')
    return (
      <BareLayout>
        <StartPage />
      </BareLayout>
    );
  if (route.page === 'autoConnectSendOut')
    return (
      <BareLayout>
        <SendOutFormPage />
      </BareLayout>
    );
  if (route.page === 'autoConnect')
    return (
      <BareLayout>
        <AutoConnectPage />
      </BareLayout>
    );
  if (route.page === 'autoConnectForm')
    return (
      <BareLayout>
        <AutoConnectFormPage />
      </BareLayout>
    );
  return <BarePlaceholderPage route={route} />;
}

export function AppRoutes() {
  return (
    <Routes>
      {ROUTE_LIST.filter((route) => route.shell !== 'app').map((route) => (
        <Route key={route.id} path={route.path} element={guarded(route, <FullPageLoader />, outsideShell(route))} />
      ))}
      <Route
        element={
          <Suspense fallback={<FullPageLoader />}>
            <ShellGate />
          </Suspense>
        }
      >
        {ROUTE_LIST.filter((route) => route.shell === 'app').map((route) => (
          <Route
            key={route.id}
            path={route.path}
            element={guarded(route, <PageSkeleton />, <AppRouteGate route={route} />)}
          />
        ))}
      </Route>
    </Routes>
  );
}
