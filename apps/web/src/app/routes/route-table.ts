import type { Guard } from '@salon/contract/rights-rules';

// Where a route lives: the login page, a page without menu and header, or inside the cabinet shell.
export type Shell = 'login' | 'bare' | 'app';
// What the route renders; 'placeholder' is the translated title plus an empty state until its issue lands.
export type PageKind =
  | 'login'
  | 'accounts'
  | 'dashboard'
  | 'connection'
  | 'blacklist'
  | 'chatHistory'
  | 'generalSettings'
  | 'billData'
  | 'systemMessages'
  | 'sms'
  | 'channelPriority'
  | 'accesses'
  | 'consents'
  | 'mailingNew'
  | 'mailingStarted'
  | 'mailingStats'
  | 'mailingStatistics'
  | 'templateList'
  | 'templateStatsList'
  | 'templateStat'
  | 'templateEditor'
  | 'reviewList'
  | 'reviewEditor'
  | 'reviewStats'
  | 'autoResponse'
  | 'inviteFriendsList'
  | 'inviteFriendsEditor'
  | 'inviteFriendsStats'
  | 'aiSettings'
  | 'aiExceptions'
  | 'aiInstruction'
  | 'aiConversations'
  | 'aiStatistics'
  | 'pay'
  | 'paymentHistory'
  | 'partnerProgram'
  | 'partnerOperations'
  | 'partnerPayments'
  | 'partnerLeads'
  | 'partnerAccess'
  | 'partnerTexts'
  | 'startPage'
  | 'autoConnectSendOut'
  | 'autoConnect'
  | 'autoConnectForm'
  | 'devSandbox'
  | 'devCrm'
  | 'integrators'
  | 'placeholder'
  | 'notFound';
export type TabSetId = 'templates' | 'reviews' | 'mailing' | 'inviteFriends' | 'partner' | 'payment' | 'ai';
// 'required': the page works on one branch and carries ?accId=; 'optional': it honours ?accId= when
// given (partner pages); 'none': no branch involved.
export type BranchNeed = 'required' | 'optional' | 'none';
// Partner pages with their own audience (SPEC 6): operations and leads for consultants (or users
// without branches), the access page for a consultant whose rights are exactly owner.
export type PartnerAudience = 'consultantOrNoBranch' | 'consultantOwner';

export interface RouteSpec {
  id: string;
  path: string;
  shell: Shell;
  page: PageKind;
  branch: BranchNeed;
  guard?: Guard;
  // Open to users who are neither salon nor consultant.
  partner?: boolean;
  audience?: PartnerAudience;
  // Send-out-only accounts have no templates or reviews: they go to /mailing/new.
  noSendOut?: boolean;
  // Needs the branch's showNeiroInterface flag, else /pay.
  ai?: boolean;
  tabs?: TabSetId;
}

type Extra = Omit<Partial<RouteSpec>, 'id' | 'path' | 'shell'>;

const app = <I extends string>(id: I, path: string, extra: Extra = {}) =>
  ({ shell: 'app', page: 'placeholder', branch: 'required', ...extra, id, path }) as const;
const partner = <I extends string>(id: I, path: string, extra: Extra = {}) =>
  app(id, path, { branch: 'optional', partner: true, tabs: 'partner', ...extra });
const bare = <I extends string>(id: I, path: string) =>
  ({ shell: 'bare', page: 'placeholder', branch: 'none', id, path }) as const;

// SPEC 2 routes with the guards and redirects of SPEC 6.
export const ROUTES = [
  { id: 'login', path: '/', shell: 'login', page: 'login', branch: 'none' },
  app('accounts', '/accounts', { page: 'accounts', branch: 'none' }),
  app('main', '/main', { page: 'dashboard' }),
  app('connection', '/connection', { page: 'connection', guard: 'connection' }),
  app('templateList', '/template_list', { page: 'templateList', noSendOut: true, tabs: 'templates' }),
  app('templateListEvent', '/template_list/event', { page: 'templateList', noSendOut: true, tabs: 'templates' }),
  app('templateListTime', '/template_list/time', { page: 'templateList', noSendOut: true, tabs: 'templates' }),
  app('templateListConsent', '/template_list/consent', { page: 'templateList', noSendOut: true, tabs: 'templates' }),
  app('templateListStatistic', '/template_list/statistic', {
    page: 'templateStatsList',
    noSendOut: true,
    tabs: 'templates',
  }),
  app('templateStat', '/template/stat', { page: 'templateStat', noSendOut: true }),
  // Viewing one template is open to members; saving needs 'editTemplates', checked by the page.
  app('template', '/template', { page: 'templateEditor', noSendOut: true }),
  app('newTemplate', '/new_template', { page: 'templateEditor', noSendOut: true, guard: 'editTemplates' }),
  // A review request after the visit is a review chain (SPEC 2 /new_wr_template opens the chain editor).
  app('newWrTemplate', '/new_wr_template', { page: 'reviewEditor', noSendOut: true, guard: 'editTemplates' }),
  app('reviewsAll', '/reviews/all', { page: 'reviewList', noSendOut: true, tabs: 'reviews' }),
  app('reviewsNew', '/reviews/new_review', { page: 'reviewEditor', noSendOut: true, guard: 'editTemplates' }),
  app('reviewsOne', '/reviews/one_review', { page: 'reviewEditor', noSendOut: true }),
  app('reviewsStatistics', '/reviews/statistics', { page: 'reviewStats', noSendOut: true, tabs: 'reviews' }),
  app('mailingNew', '/mailing/new', { page: 'mailingNew', guard: 'mailing', tabs: 'mailing' }),
  app('mailingStarted', '/mailing/started_mailing', { page: 'mailingStarted', guard: 'mailing', tabs: 'mailing' }),
  app('mailingStats', '/mailing/stats', { page: 'mailingStats', guard: 'mailing', tabs: 'mailing' }),
  app('mailingConsents', '/mailing/consents', { page: 'consents', guard: 'mailing', tabs: 'mailing' }),
  app('mailingStatistics', '/mailing/statistics', { page: 'mailingStatistics', guard: 'mailing', tabs: 'mailing' }),
  partner('partnersProgram', '/partners_program', { page: 'partnerProgram' }),
  partner('listOfOperation', '/list_of_operation', { page: 'partnerOperations', audience: 'consultantOrNoBranch' }),
  partner('historyOfPayment', '/history_of_payment', { page: 'partnerPayments' }),
  partner('addLeads', '/add_leads', { page: 'partnerLeads', audience: 'consultantOrNoBranch' }),
  partner('partnersAccess', '/partners_access', { page: 'partnerAccess', audience: 'consultantOwner' }),
  partner('partnersPromo', '/partners_promo', { page: 'partnerTexts' }),
  app('blacklist', '/blacklist', { page: 'blacklist' }),
  app('settings', '/settings', { page: 'generalSettings', guard: 'settings' }),
  app('billData', '/bill_data', { page: 'billData', guard: 'settings' }),
  app('systemMessages', '/system_messages', { page: 'systemMessages', guard: 'systemMessages' }),
  app('sms', '/sms', { page: 'sms', guard: 'settings' }),
  app('channelPriority', '/channel_priority', { page: 'channelPriority', guard: 'settings' }),
  app('accesses', '/accesses', { page: 'accesses', guard: 'accesses' }),
  app('pay', '/pay', { page: 'pay', tabs: 'payment' }),
  app('history', '/history', { page: 'paymentHistory', tabs: 'payment' }),
  app('chatHistory', '/chat_history', { page: 'chatHistory' }),
  app('autoResponse', '/auto_response', { page: 'autoResponse' }),
  // SPEC 6: invite friends is hidden for send-out accounts; they go to /mailing/new like templates.
  app('inviteFriends', '/invite_fiend', { page: 'inviteFriendsList', noSendOut: true, tabs: 'inviteFriends' }),
  app('inviteFriendsList', '/invite_fiend/list', { page: 'inviteFriendsList', noSendOut: true, tabs: 'inviteFriends' }),
  app('inviteFriendsAction', '/invite_fiend/action', { page: 'inviteFriendsEditor', noSendOut: true }),
  app('inviteFriendsNewAction', '/invite_fiend/new_action', {
    page: 'inviteFriendsEditor',
    noSendOut: true,
    guard: 'editTemplates',
  }),
  app('inviteFriendsStatistic', '/invite_fiend/statistic', {
    page: 'inviteFriendsStats',
    noSendOut: true,
    tabs: 'inviteFriends',
  }),
  app('integrators', '/integrators', { page: 'integrators' }),
  app('aiAdmin', '/ai_admin', { page: 'aiConversations', ai: true, tabs: 'ai' }),
  app('aiAdminSettings', '/ai_admin_settings', { page: 'aiSettings', ai: true, tabs: 'ai' }),
  app('aiAdminInstruction', '/ai_admin_instruction', { page: 'aiInstruction', ai: true, tabs: 'ai' }),
  app('aiAdminExceptions', '/ai_admin_exceptions', { page: 'aiExceptions', ai: true, tabs: 'ai' }),
  app('aiAdminStatistics', '/ai_admin_statistics', { page: 'aiStatistics', ai: true, tabs: 'ai' }),
  { ...bare('startPage', '/start_page'), page: 'startPage' },
  { ...bare('autoConnectSendOut', '/auto_connect_send_out'), page: 'autoConnectSendOut' },
  { ...bare('autoConnect', '/auto_connect'), page: 'autoConnect' },
  { ...bare('autoConnectForm', '/auto_connect_form'), page: 'autoConnectForm' },
  // Not in the spec: the sandbox phone network's other side, for local installs (no menu, no sign-in).
  { id: 'devSandbox', path: '/dev/sandbox', shell: 'bare', page: 'devSandbox', branch: 'none' },
  // Not in the spec: the local CRM's booking screens (the embedded default CRM), inside the cabinet.
  app('devCrm', '/dev/crm', { page: 'devCrm' }),
  { id: 'notFound', path: '*', shell: 'bare', page: 'notFound', branch: 'none' },
] as const satisfies readonly RouteSpec[];

export type RouteId = (typeof ROUTES)[number]['id'];
export type RouteDef = RouteSpec & { id: RouteId };

export const ROUTE_LIST: readonly RouteDef[] = ROUTES;

const byId = new Map<string, RouteDef>(ROUTE_LIST.map((route) => [route.id, route]));

export function routeById(id: RouteId): RouteDef {
  const route = byId.get(id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}

export function pathOf(id: RouteId): string {
  return routeById(id).path;
}

// Branch pages carry the branch in the query (SPEC 2).
export function withAccId(path: string, accId: number | null): string {
  return accId === null ? path : `${path}?accId=${accId}`;
}

const byPath = new Map<string, RouteDef>(ROUTE_LIST.filter((r) => r.path !== '*').map((route) => [route.path, route]));

// The route a browser path opens; paths match case-insensitively and ignore a trailing slash, like the router.
export function routeForPath(pathname: string): RouteDef {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  return byPath.get(normalized) ?? routeById('notFound');
}
