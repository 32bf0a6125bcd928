import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAccounts } from '../../shared/accounts/accounts-query';
import { session } from '../../shared/session/session';
import { useSession } from '../../shared/session/use-session';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
import { QueryErrorView } from '../../shared/ui/query-error-view';
import { decideRoute } from '../routes/guard';
import type { RouteDef, RouteId } from '../routes/route-table';
import type { TemplateEditorMode } from '../../features/templates/pages/template-editor-page';
import type { ReviewEditorMode } from '../../features/reviews/pages/review-editor-page';
import type { LoyaltyActionMode } from '../../features/invite-friends/pages/loyalty-action-page';
import type { TemplateListView } from '../../features/templates/template-list-rules';
import {
  AccessesPage,
  AccountsPage,
  AiConversationsPage,
  AiExceptionsPage,
  AiInstructionPage,
  AiSettingsPage,
  AiStatisticsPage,
  AutoResponsePage,
  BillDataPage,
  BlacklistPage,
  ChannelPriorityPage,
  ChatHistoryPage,
  ConnectionPage,
  ConsentsPage,
  DashboardPage,
  DevCrmPage,
  IntegratorsPage,
  MailingStatisticsPage,
  MailingStatsPage,
  NewMailingPage,
  PaymentHistoryPage,
  PayPage,
  PartnerAccessPage,
  PartnerLeadsPage,
  PartnerOperationsPage,
  PartnerPaymentsPage,
  PartnerProgramPage,
  PartnerTextsPage,
  ReviewEditorPage,
  ReviewListPage,
  ReviewStatsPage,
  StartedMailingsPage,
  GeneralSettingsPage,
  LoyaltyActionPage,
  LoyaltyListPage,
  LoyaltyStatsPage,
  SectionPlaceholderPage,
  TemplateEditorPage,
  TemplateListPage,
  TemplateStatPage,
  TemplateStatsListPage,
  SmsSettingsPage,
  SystemMessagesPage,
} from '../router/route-pages';
import { SectionTabs } from '../views/section-tabs';
import { NO_SELECTION, sameSelection, selectionOf } from './branch-selection';
import { useGuardContext } from './use-guard-context';

function RoutePage({ route }: { route: RouteDef }) {
  if (route.page === 'accounts') return <AccountsPage />;
  if (route.page === 'dashboard') return <DashboardPage />;
  if (route.page === 'connection') return <ConnectionPage />;
  if (route.page === 'blacklist') return <BlacklistPage />;
  if (route.page === 'chatHistory') return <ChatHistoryPage />;
  if (route.page === 'autoResponse') return <AutoResponsePage />;
  if (route.page === 'devCrm') return <DevCrmPage />;
  if (route.page === 'integrators') return <IntegratorsPage />;
  if (route.page === 'generalSettings') return <GeneralSettingsPage />;
  if (route.page === 'billData') return <BillDataPage />;
  if (route.page === 'systemMessages') return <SystemMessagesPage />;
  if (route.page === 'sms') return <SmsSettingsPage />;
  if (route.page === 'channelPriority') return <ChannelPriorityPage />;
  if (route.page === 'accesses') return <AccessesPage />;
  if (route.page === 'consents') {
    return <ConsentsPage tabs={route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined} />;
  }
  if (route.page === 'mailingNew' || route.page === 'mailingStarted') {
    const tabs = route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined;
    return route.page === 'mailingNew' ? <NewMailingPage tabs={tabs} /> : <StartedMailingsPage tabs={tabs} />;
  }
  if (route.page === 'mailingStats' || route.page === 'mailingStatistics') {
    const tabs = route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined;
    return route.page === 'mailingStats' ? <MailingStatsPage tabs={tabs} /> : <MailingStatisticsPage tabs={tabs} />;
  }
  if (route.page === 'templateList' || route.page === 'templateStatsList' || route.page === 'templateStat') {
    return <TemplatesPage route={route} />;
  }
  if (route.page === 'templateEditor') return <TemplateEditorPage mode={TEMPLATE_EDITOR_MODES[route.id] ?? 'edit'} />;
  if (route.page === 'reviewList' || route.page === 'reviewStats') {
    const tabs = route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined;
    return route.page === 'reviewList' ? <ReviewListPage tabs={tabs} /> : <ReviewStatsPage tabs={tabs} />;
  }
  if (route.page === 'reviewEditor') {
    return <ReviewEditorPage key={route.id} mode={REVIEW_EDITOR_MODES[route.id] ?? 'edit'} />;
  }
  if (route.page === 'inviteFriendsList' || route.page === 'inviteFriendsStats') {
    const tabs = route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined;
    return route.page === 'inviteFriendsList' ? <LoyaltyListPage tabs={tabs} /> : <LoyaltyStatsPage tabs={tabs} />;
  }
  if (route.page === 'inviteFriendsEditor') {
    return <LoyaltyActionPage key={route.id} mode={LOYALTY_ACTION_MODES[route.id] ?? 'edit'} />;
  }
  if (route.page === 'aiSettings' || route.page === 'aiExceptions') {
    const tabs = route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined;
    return route.page === 'aiSettings' ? <AiSettingsPage tabs={tabs} /> : <AiExceptionsPage tabs={tabs} />;
  }
  if (route.page === 'aiInstruction') {
    return <AiInstructionPage tabs={route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined} />;
  }
  if (route.page === 'aiConversations' || route.page === 'aiStatistics') {
    const tabs = route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined;
    return route.page === 'aiConversations' ? <AiConversationsPage tabs={tabs} /> : <AiStatisticsPage tabs={tabs} />;
  }
  if (route.page === 'pay' || route.page === 'paymentHistory') {
    const tabs = route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined;
    return route.page === 'pay' ? <PayPage tabs={tabs} /> : <PaymentHistoryPage tabs={tabs} />;
  }
  const partnerPage = PARTNER_PAGES[route.page];
  if (partnerPage) {
    const Page = partnerPage;
    return <Page tabs={route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined} />;
  }
  return <SectionPlaceholderPage route={route} />;
}

// The partner programme's pages (SPEC 2 Partner tab set); each takes the tab strip.
const PARTNER_PAGES: Partial<Record<RouteDef['page'], ComponentType<{ tabs?: ReactNode }>>> = {
  partnerProgram: PartnerProgramPage,
  partnerOperations: PartnerOperationsPage,
  partnerPayments: PartnerPaymentsPage,
  partnerLeads: PartnerLeadsPage,
  partnerAccess: PartnerAccessPage,
  partnerTexts: PartnerTextsPage,
};

// The /template_list tabs and the template pages; the shell owns the tab strip.
const TEMPLATE_LIST_VIEWS: Partial<Record<RouteId, TemplateListView>> = {
  templateList: 'all',
  templateListEvent: 'event',
  templateListTime: 'time',
  templateListConsent: 'consent',
};
const TEMPLATE_EDITOR_MODES: Partial<Record<RouteId, TemplateEditorMode>> = {
  template: 'edit',
  newTemplate: 'new',
};
const LOYALTY_ACTION_MODES: Partial<Record<RouteId, LoyaltyActionMode>> = {
  inviteFriendsAction: 'edit',
  inviteFriendsNewAction: 'new',
};
const REVIEW_EDITOR_MODES: Partial<Record<RouteId, ReviewEditorMode>> = {
  reviewsOne: 'edit',
  reviewsNew: 'new',
  newWrTemplate: 'new',
};

function TemplatesPage({ route }: { route: RouteDef }) {
  const tabs = route.tabs ? <SectionTabs set={route.tabs} current={route.id} /> : undefined;
  if (route.page === 'templateStat') return <TemplateStatPage />;
  if (route.page === 'templateStatsList') return <TemplateStatsListPage tabs={tabs} />;
  return <TemplateListPage key={route.id} view={TEMPLATE_LIST_VIEWS[route.id] ?? 'all'} tabs={tabs} />;
}

// An unknown branch in the link: forget the selection, then show the list with a notice.
function BranchNotFoundRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    session.update(NO_SELECTION);
    void navigate(to, { replace: true, state: { notice: 'branchNotFound' } });
  }, [navigate, to]);
  return <PageSkeleton />;
}

// Applies the route's guard (SPEC 6) and keeps the session's branch equal to the one in the address.
export function AppRouteGate({ route }: { route: RouteDef }) {
  const ctx = useGuardContext();
  const accounts = useAccounts();
  const current = useSession();
  const decision = decideRoute(route, ctx);
  const branch = decision.kind === 'allow' ? decision.branch : null;
  const selection = useMemo(() => (branch ? selectionOf(branch) : null), [branch]);
  const inSync = selection === null || sameSelection(selection, current);

  useEffect(() => {
    if (selection !== null && !inSync) session.update(selection);
  }, [selection, inSync]);

  if (accounts.isError && !accounts.data) {
    return <QueryErrorView error={accounts.error} onRetry={() => void accounts.refetch()} />;
  }
  if (decision.kind === 'wait') return <PageSkeleton />;
  if (decision.kind === 'redirect') {
    if (decision.notice === 'branchNotFound') return <BranchNotFoundRedirect to={decision.to} />;
    // A page the user has no rights for: the branch list says so instead of a silent bounce.
    const state = decision.notice === 'noRights' ? { notice: 'noRights' } : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  // Pages start their calls on mount; they must not go out with the previous branch's acc_id.
  if (!inSync) return <PageSkeleton />;
  return <RoutePage route={route} />;
}
