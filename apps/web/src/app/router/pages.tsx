import { lazy } from 'react';
import { PAGE_MODULES } from './page-modules';
import { loadAppLayout, loadAppRouteGate } from './shell-modules';

// The lazy pages of the router and its gates; the cabinet's own pages are in route-pages.tsx.
export const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));
export const AppRouteGate = lazy(() => loadAppRouteGate().then((m) => ({ default: m.AppRouteGate })));
export const DevSandboxPage = lazy(() => PAGE_MODULES.devSandbox.load().then((m) => ({ default: m.DevSandboxPage })));
export const StartPage = lazy(() => PAGE_MODULES.startPage.load().then((m) => ({ default: m.StartPage })));
export const SendOutFormPage = lazy(() =>
  PAGE_MODULES.autoConnectSendOut.load().then((m) => ({ default: m.SendOutFormPage })),
);
export const AutoConnectPage = lazy(() =>
  PAGE_MODULES.autoConnect.load().then((m) => ({ default: m.AutoConnectPage })),
);
export const AutoConnectFormPage = lazy(() =>
  PAGE_MODULES.autoConnectForm.load().then((m) => ({ default: m.AutoConnectFormPage })),
);
export const NotFoundPage = lazy(() => PAGE_MODULES.notFound.load().then((m) => ({ default: m.NotFoundPage })));
export const BarePlaceholderPage = lazy(() =>
  import('../views/bare-placeholder-page').then((m) => ({ default: m.BarePlaceholderPage })),
);
