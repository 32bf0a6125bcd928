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
export const ConnectionPage = lazy(() =>
  import('../../features/connection/pages/connection-page').then((m) => ({ default: m.ConnectionPage })),
);
export const BlacklistPage = lazy(() =>
  import('../../features/blacklist/pages/blacklist-page').then((m) => ({ default: m.BlacklistPage })),
);
export const ChatHistoryPage = lazy(() =>
  import('../../features/chat-history/pages/chat-history-page').then((m) => ({ default: m.ChatHistoryPage })),
);
export const GeneralSettingsPage = lazy(() =>
  import('../../features/settings/pages/general-settings-page').then((m) => ({ default: m.GeneralSettingsPage })),
);
export const BillDataPage = lazy(() =>
  import('../../features/settings/pages/bill-data-page').then((m) => ({ default: m.BillDataPage })),
);
export const SystemMessagesPage = lazy(() =>
  import('../../features/settings/pages/system-messages-page').then((m) => ({ default: m.SystemMessagesPage })),
);
export const SmsSettingsPage = lazy(() =>
  import('../../features/settings/pages/sms-settings-page').then((m) => ({ default: m.SmsSettingsPage })),
);
export const ChannelPriorityPage = lazy(() =>
  import('../../features/settings/pages/channel-priority-page').then((m) => ({ default: m.ChannelPriorityPage })),
);
export const AccessesPage = lazy(() =>
  import('../../features/accesses/pages/accesses-page').then((m) => ({ default: m.AccessesPage })),
);
export const ConsentsPage = lazy(() =>
  import('../../features/consents/pages/consents-page').then((m) => ({ default: m.ConsentsPage })),
);
export const NewMailingPage = lazy(() =>
  import('../../features/mailing/pages/new-mailing-page').then((m) => ({ default: m.NewMailingPage })),
);
export const StartedMailingsPage = lazy(() =>
  import('../../features/mailing/pages/started-mailings-page').then((m) => ({ default: m.StartedMailingsPage })),
);
export const MailingStatsPage = lazy(() =>
  import('../../features/mailing-stats/pages/mailing-stats-page').then((m) => ({ default: m.MailingStatsPage })),
);
export const MailingStatisticsPage = lazy(() =>
  import('../../features/mailing-stats/pages/mailing-statistics-page').then((m) => ({
    default: m.MailingStatisticsPage,
  })),
);
export const TemplateListPage = lazy(() =>
  import('../../features/templates/pages/template-list-page').then((m) => ({ default: m.TemplateListPage })),
);
export const TemplateStatsListPage = lazy(() =>
  import('../../features/templates/pages/template-stats-list-page').then((m) => ({
    default: m.TemplateStatsListPage,
  })),
);
export const TemplateStatPage = lazy(() =>
  import('../../features/templates/pages/template-stat-page').then((m) => ({ default: m.TemplateStatPage })),
);
export const TemplateEditorPage = lazy(() =>
  import('../../features/templates/pages/template-editor-page').then((m) => ({ default: m.TemplateEditorPage })),
);
export const DevCrmPage = lazy(() =>
  import('../../features/dev-crm/pages/dev-crm-page').then((m) => ({ default: m.DevCrmPage })),
);
export const DevSandboxPage = lazy(() =>
  import('../../features/dev-sandbox/pages/dev-sandbox-page').then((m) => ({ default: m.DevSandboxPage })),
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
