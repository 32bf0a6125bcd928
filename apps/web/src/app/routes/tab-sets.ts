import { canOpen, type GuardContext } from './guard';
import { routeById, type RouteId, type TabSetId } from './route-table';

export interface TabDef {
  key: string;
  route: RouteId;
  // Other routes that show this tab as the current one (a section's landing path).
  alsoActiveOn?: readonly RouteId[];
}

// SPEC 2 "Tab sets".
export const TAB_SETS = {
  templates: [
    { key: 'all', route: 'templateList' },
    { key: 'event', route: 'templateListEvent' },
    { key: 'time', route: 'templateListTime' },
    { key: 'consent', route: 'templateListConsent' },
    { key: 'statistic', route: 'templateListStatistic' },
  ],
  reviews: [
    { key: 'all', route: 'reviewsAll' },
    { key: 'statistics', route: 'reviewsStatistics' },
  ],
  mailing: [
    { key: 'new', route: 'mailingNew' },
    { key: 'started', route: 'mailingStarted' },
    { key: 'stats', route: 'mailingStats' },
    { key: 'consents', route: 'mailingConsents' },
    { key: 'statistics', route: 'mailingStatistics' },
  ],
  inviteFriends: [
    { key: 'actions', route: 'inviteFriendsList', alsoActiveOn: ['inviteFriends'] },
    { key: 'statistic', route: 'inviteFriendsStatistic' },
  ],
  partner: [
    { key: 'program', route: 'partnersProgram' },
    { key: 'operations', route: 'listOfOperation' },
    { key: 'payments', route: 'historyOfPayment' },
    { key: 'leads', route: 'addLeads' },
    { key: 'access', route: 'partnersAccess' },
    { key: 'promo', route: 'partnersPromo' },
  ],
  payment: [
    { key: 'subscription', route: 'pay' },
    { key: 'history', route: 'history' },
  ],
  ai: [
    { key: 'conversations', route: 'aiAdmin' },
    { key: 'settings', route: 'aiAdminSettings' },
    { key: 'instruction', route: 'aiAdminInstruction' },
    { key: 'exceptions', route: 'aiAdminExceptions' },
    { key: 'statistics', route: 'aiAdminStatistics' },
  ],
} as const satisfies Record<TabSetId, readonly TabDef[]>;

export type TabKey<S extends TabSetId> = (typeof TAB_SETS)[S][number]['key'];

// A tab is shown only when its page would open for this user (rights, partner audience).
export function visibleTabs(set: TabSetId, ctx: GuardContext): readonly TabDef[] {
  const tabs: readonly TabDef[] = TAB_SETS[set];
  return tabs.filter((tab) => canOpen(routeById(tab.route), ctx));
}

export function activeTabKey(set: TabSetId, current: RouteId): string | null {
  const tabs: readonly TabDef[] = TAB_SETS[set];
  const tab = tabs.find((t) => t.route === current || t.alsoActiveOn?.includes(current));
  return tab?.key ?? null;
}

export type TabRouteId = (typeof TAB_SETS)[TabSetId][number]['route'];
