import { lazy } from 'react';

// One chunk per page: the login route must not pull in the cabinet (SPEC budget of the brief).
export const LoginPage = lazy(() =>
  import('../../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })),
);
export const AccountsPage = lazy(() =>
  import('../../features/accounts/pages/accounts-page').then((m) => ({ default: m.AccountsPage })),
);
export const DashboardPage = lazy(() =>
  import('../../features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
export const SectionPlaceholderPage = lazy(() =>
  import('../views/section-placeholder-page').then((m) => ({ default: m.SectionPlaceholderPage })),
);
export const BarePlaceholderPage = lazy(() =>
  import('../views/bare-placeholder-page').then((m) => ({ default: m.BarePlaceholderPage })),
);
export const NotFoundPage = lazy(() => import('../views/not-found-page').then((m) => ({ default: m.NotFoundPage })));
export const AppLayout = lazy(() => import('../layout/app-layout').then((m) => ({ default: m.AppLayout })));
export const AppRouteGate = lazy(() => import('../guards/app-route-gate').then((m) => ({ default: m.AppRouteGate })));
