import { lazy } from 'react';
import { PAGE_MODULES as P } from './page-modules';

// The pages inside the cabinet shell, one chunk each, rendered by the route gate.
export const AccountsPage = lazy(() => P.accounts.load().then((m) => ({ default: m.AccountsPage })));
export const DashboardPage = lazy(() => P.dashboard.load().then((m) => ({ default: m.DashboardPage })));
export const ConnectionPage = lazy(() => P.connection.load().then((m) => ({ default: m.ConnectionPage })));
export const BlacklistPage = lazy(() => P.blacklist.load().then((m) => ({ default: m.BlacklistPage })));
export const ChatHistoryPage = lazy(() => P.chatHistory.load().then((m) => ({ default: m.ChatHistoryPage })));
export const GeneralSettingsPage = lazy(() =>
  P.generalSettings.load().then((m) => ({ default: m.GeneralSettingsPage })),
);
export const BillDataPage = lazy(() => P.billData.load().then((m) => ({ default: m.BillDataPage })));
export const SystemMessagesPage = lazy(() => P.systemMessages.load().then((m) => ({ default: m.SystemMessagesPage })));
export const SmsSettingsPage = lazy(() => P.sms.load().then((m) => ({ default: m.SmsSettingsPage })));
export const ChannelPriorityPage = lazy(() =>
  P.channelPriority.load().then((m) => ({ default: m.ChannelPriorityPage })),
);
export const AccessesPage = lazy(() => P.accesses.load().then((m) => ({ default: m.AccessesPage })));
export const ConsentsPage = lazy(() => P.consents.load().then((m) => ({ default: m.ConsentsPage })));
export const NewMailingPage = lazy(() => P.mailingNew.load().then((m) => ({ default: m.NewMailingPage })));
export const StartedMailingsPage = lazy(() =>
  P.mailingStarted.load().then((m) => ({ default: m.StartedMailingsPage })),
);
export const MailingStatsPage = lazy(() => P.mailingStats.load().then((m) => ({ default: m.MailingStatsPage })));
export const MailingStatisticsPage = lazy(() =>
  P.mailingStatistics.load().then((m) => ({ default: m.MailingStatisticsPage })),
);
export const TemplateListPage = lazy(() => P.templateList.load().then((m) => ({ default: m.TemplateListPage })));
export const TemplateStatsListPage = lazy(() =>
  P.templateStatsList.load().then((m) => ({ default: m.TemplateStatsListPage })),
);
export const TemplateStatPage = lazy(() => P.templateStat.load().then((m) => ({ default: m.TemplateStatPage })));
export const TemplateEditorPage = lazy(() => P.templateEditor.load().then((m) => ({ default: m.TemplateEditorPage })));
export const ReviewListPage = lazy(() => P.reviewList.load().then((m) => ({ default: m.ReviewListPage })));
export const ReviewEditorPage = lazy(() => P.reviewEditor.load().then((m) => ({ default: m.ReviewEditorPage })));
export const ReviewStatsPage = lazy(() => P.reviewStats.load().then((m) => ({ default: m.ReviewStatsPage })));
export const AutoResponsePage = lazy(() => P.autoResponse.load().then((m) => ({ default: m.AutoResponsePage })));
export const LoyaltyListPage = lazy(() => P.inviteFriendsList.load().then((m) => ({ default: m.LoyaltyListPage })));
export const LoyaltyActionPage = lazy(() =>
  P.inviteFriendsEditor.load().then((m) => ({ default: m.LoyaltyActionPage })),
);
export const LoyaltyStatsPage = lazy(() => P.inviteFriendsStats.load().then((m) => ({ default: m.LoyaltyStatsPage })));
export const AiSettingsPage = lazy(() => P.aiSettings.load().then((m) => ({ default: m.AiSettingsPage })));
export const AiExceptionsPage = lazy(() => P.aiExceptions.load().then((m) => ({ default: m.AiExceptionsPage })));
export const AiInstructionPage = lazy(() => P.aiInstruction.load().then((m) => ({ default: m.AiInstructionPage })));
export const AiConversationsPage = lazy(() =>
  P.aiConversations.load().then((m) => ({ default: m.AiConversationsPage })),
);
export const AiStatisticsPage = lazy(() => P.aiStatistics.load().then((m) => ({ default: m.AiStatisticsPage })));
export const PayPage = lazy(() => P.pay.load().then((m) => ({ default: m.PayPage })));
export const PaymentHistoryPage = lazy(() => P.paymentHistory.load().then((m) => ({ default: m.HistoryPage })));
export const PartnerProgramPage = lazy(() => P.partnerProgram.load().then((m) => ({ default: m.ProgramPage })));
export const PartnerOperationsPage = lazy(() =>
  P.partnerOperations.load().then((m) => ({ default: m.OperationsPage })),
);
export const PartnerPaymentsPage = lazy(() => P.partnerPayments.load().then((m) => ({ default: m.PaymentsPage })));
export const PartnerLeadsPage = lazy(() => P.partnerLeads.load().then((m) => ({ default: m.LeadsPage })));
export const PartnerAccessPage = lazy(() => P.partnerAccess.load().then((m) => ({ default: m.AccessPage })));
export const PartnerTextsPage = lazy(() => P.partnerTexts.load().then((m) => ({ default: m.TextsPage })));
export const DevCrmPage = lazy(() => P.devCrm.load().then((m) => ({ default: m.DevCrmPage })));
export const IntegratorsPage = lazy(() => P.integrators.load().then((m) => ({ default: m.IntegratorsPage })));
export const SectionPlaceholderPage = lazy(() =>
  P.placeholder.load().then((m) => ({ default: m.SectionPlaceholderPage })),
);
