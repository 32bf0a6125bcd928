import type { PageKind } from '../routes/route-table';

// The module behind each page kind (the login page is in the first script: login-gate.tsx), with the translation namespaces its first render asks for.
// route-preload.ts requests a route's code and texts together at start instead of one after
// another; the lazy components (route-pages.tsx, pages.tsx) load the same modules. A namespace
// left out here still loads, only later.
export const PAGE_MODULES = {
  accounts: { load: () => import('../../features/accounts/pages/accounts-page'), ns: ['accounts'] },
  dashboard: { load: () => import('../../features/dashboard/pages/dashboard-page'), ns: ['dashboard'] },
  connection: { load: () => import('../../features/connection/pages/connection-page'), ns: ['connection'] },
  blacklist: { load: () => import('../../features/blacklist/pages/blacklist-page'), ns: ['blacklist'] },
  chatHistory: { load: () => import('../../features/chat-history/pages/chat-history-page'), ns: ['chat-history'] },
  generalSettings: {
    load: () => import('../../features/settings/pages/general-settings-page'),
    ns: ['settings', 'start-page'],
  },
  billData: { load: () => import('../../features/settings/pages/bill-data-page'), ns: ['settings'] },
  systemMessages: { load: () => import('../../features/settings/pages/system-messages-page'), ns: ['settings'] },
  sms: { load: () => import('../../features/settings/pages/sms-settings-page'), ns: ['settings'] },
  channelPriority: { load: () => import('../../features/settings/pages/channel-priority-page'), ns: ['settings'] },
  accesses: { load: () => import('../../features/accesses/pages/accesses-page'), ns: ['accesses'] },
  consents: { load: () => import('../../features/consents/pages/consents-page'), ns: ['consents'] },
  mailingNew: { load: () => import('../../features/mailing/pages/new-mailing-page'), ns: ['mailing'] },
  mailingStarted: { load: () => import('../../features/mailing/pages/started-mailings-page'), ns: ['mailing'] },
  mailingStats: { load: () => import('../../features/mailing-stats/pages/mailing-stats-page'), ns: ['mailing-stats'] },
  mailingStatistics: {
    load: () => import('../../features/mailing-stats/pages/mailing-statistics-page'),
    ns: ['mailing-stats'],
  },
  templateList: { load: () => import('../../features/templates/pages/template-list-page'), ns: ['templates'] },
  templateStatsList: {
    load: () => import('../../features/templates/pages/template-stats-list-page'),
    ns: ['templates'],
  },
  templateStat: { load: () => import('../../features/templates/pages/template-stat-page'), ns: ['templates'] },
  templateEditor: { load: () => import('../../features/templates/pages/template-editor-page'), ns: ['templates'] },
  reviewList: { load: () => import('../../features/reviews/pages/review-list-page'), ns: ['reviews'] },
  reviewEditor: { load: () => import('../../features/reviews/pages/review-editor-page'), ns: ['reviews'] },
  reviewStats: { load: () => import('../../features/reviews/pages/review-stats-page'), ns: ['reviews'] },
  autoResponse: {
    load: () => import('../../features/auto-responses/pages/auto-response-page'),
    ns: ['auto-responses'],
  },
  inviteFriendsList: {
    load: () => import('../../features/invite-friends/pages/loyalty-list-page'),
    ns: ['invite-friends'],
  },
  inviteFriendsEditor: {
    load: () => import('../../features/invite-friends/pages/loyalty-action-page'),
    ns: ['invite-friends'],
  },
  inviteFriendsStats: {
    load: () => import('../../features/invite-friends/pages/loyalty-stats-page'),
    ns: ['invite-friends'],
  },
  aiSettings: { load: () => import('../../features/ai-admin/pages/ai-settings-page'), ns: ['ai-admin'] },
  aiExceptions: { load: () => import('../../features/ai-admin/pages/ai-exceptions-page'), ns: ['ai-admin'] },
  aiInstruction: {
    load: () => import('../../features/ai-admin/pages/ai-instruction-page'),
    ns: ['ai-admin', 'ai-files', 'ai-chat'],
  },
  aiConversations: {
    load: () => import('../../features/ai-admin/pages/ai-conversations-page'),
    ns: ['ai-chat', 'ai-stats', 'ai-admin'],
  },
  aiStatistics: { load: () => import('../../features/ai-admin/pages/ai-statistics-page'), ns: ['ai-stats'] },
  pay: { load: () => import('../../features/payments/pages/pay-page'), ns: ['payments'] },
  paymentHistory: { load: () => import('../../features/payments/pages/history-page'), ns: ['payments'] },
  partnerProgram: { load: () => import('../../features/partners/pages/program-page'), ns: ['partners'] },
  partnerOperations: { load: () => import('../../features/partners/pages/operations-page'), ns: ['partners'] },
  partnerPayments: { load: () => import('../../features/partners/pages/payments-page'), ns: ['partners'] },
  partnerLeads: { load: () => import('../../features/partners/pages/leads-page'), ns: ['partners'] },
  partnerAccess: { load: () => import('../../features/partners/pages/access-page'), ns: ['partners'] },
  partnerTexts: { load: () => import('../../features/partners/pages/texts-page'), ns: ['partners'] },
  startPage: { load: () => import('../../features/start-page/pages/start-page'), ns: ['start-page'] },
  autoConnectSendOut: {
    load: () => import('../../features/onboarding/pages/send-out-form-page'),
    ns: ['onboarding'],
  },
  autoConnect: { load: () => import('../../features/onboarding/pages/auto-connect-page'), ns: ['onboarding'] },
  autoConnectForm: {
    load: () => import('../../features/onboarding/pages/auto-connect-form-page'),
    ns: ['onboarding'],
  },
  devSandbox: { load: () => import('../../features/dev-sandbox/pages/dev-sandbox-page'), ns: ['dev-sandbox'] },
  devCrm: { load: () => import('../../features/dev-crm/pages/dev-crm-page'), ns: ['dev-crm'] },
  integrators: { load: () => import('../../features/support/pages/integrators-page'), ns: ['support'] },
  placeholder: { load: () => import('../views/section-placeholder-page'), ns: [] },
  notFound: { load: () => import('../views/not-found-page'), ns: [] },
} satisfies Record<Exclude<PageKind, 'login'>, { load: () => Promise<unknown>; ns: readonly string[] }>;
