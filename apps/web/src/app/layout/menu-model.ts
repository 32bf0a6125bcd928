import { allows } from '@salon/contract/rights-rules';
import type { Branch } from '../../shared/accounts/branch';
import type { RouteId } from '../routes/route-table';

export interface MenuContext {
  // The selected real branch; null on the branch list or for partners without branches.
  branch: Branch | null;
  isSalon: boolean;
  isConsultant: boolean;
  isMobile: boolean;
  // How many channels have priority data (GET /settings/priority_channel `available`); 0 while
  // unknown or when the user may not read it.
  priorityChannelCount: number;
}

type BranchMenuContext = MenuContext & { branch: Branch };

// Each key is also the test id menu-item-<key> and the label menu:items.<key>.
export type MenuKey =
  | 'main'
  | 'branches'
  | 'connection'
  | 'templates'
  | 'templates-all'
  | 'templates-event'
  | 'templates-time'
  | 'templates-consent'
  | 'templates-statistics'
  | 'reviews'
  | 'mailing'
  | 'mailing-new'
  | 'mailing-started'
  | 'mailing-stats'
  | 'mailing-consents'
  | 'invite-friends'
  | 'auto-response'
  | 'ai'
  | 'ai-settings'
  | 'ai-instruction'
  | 'ai-exceptions'
  | 'settings'
  | 'settings-general'
  | 'bill-data'
  | 'system-messages'
  | 'sms'
  | 'channel-priority'
  | 'accesses'
  | 'chat-history'
  | 'pay'
  | 'partners'
  | 'blacklist';

export interface MenuItemDef<C> {
  key: MenuKey;
  route: RouteId;
  visible?: (ctx: C) => boolean;
  children?: readonly MenuItemDef<C>[];
}

export interface MenuEntry {
  key: MenuKey;
  route: RouteId;
  children: MenuEntry[];
}

const notSendOut = ({ branch }: BranchMenuContext) => !branch.sendOutAccount;
const mobileOnly = (ctx: MenuContext) => ctx.isMobile;

// SPEC 2 "Layout" order with SPEC 6 "Menu" visibility. Branch items need a selected branch.
export const BRANCH_MENU: readonly MenuItemDef<BranchMenuContext>[] = [
  { key: 'main', route: 'main' },
  { key: 'branches', route: 'accounts', visible: mobileOnly },
  { key: 'connection', route: 'connection', visible: ({ branch }) => allows(branch.rights, 'connection') },
  {
    key: 'templates',
    route: 'templateList',
    visible: notSendOut,
    children: [
      { key: 'templates-all', route: 'templateList' },
      { key: 'templates-event', route: 'templateListEvent' },
      { key: 'templates-time', route: 'templateListTime' },
      { key: 'templates-consent', route: 'templateListConsent' },
      { key: 'templates-statistics', route: 'templateListStatistic' },
    ],
  },
  { key: 'reviews', route: 'reviewsAll', visible: notSendOut },
  {
    key: 'mailing',
    route: 'mailingNew',
    visible: ({ branch }) => allows(branch.rights, 'mailing'),
    children: [
      { key: 'mailing-new', route: 'mailingNew' },
      { key: 'mailing-started', route: 'mailingStarted' },
      { key: 'mailing-stats', route: 'mailingStats' },
      { key: 'mailing-consents', route: 'mailingConsents' },
    ],
  },
  { key: 'invite-friends', route: 'inviteFriends', visible: notSendOut },
  { key: 'auto-response', route: 'autoResponse' },
  {
    key: 'ai',
    route: 'aiAdmin',
    visible: ({ branch }) => branch.showNeiroInterface,
    children: [
      { key: 'ai-settings', route: 'aiAdminSettings' },
      { key: 'ai-instruction', route: 'aiAdminInstruction' },
      { key: 'ai-exceptions', route: 'aiAdminExceptions' },
    ],
  },
  {
    key: 'settings',
    route: 'settings',
    visible: ({ branch }) => allows(branch.rights, 'settings'),
    children: [
      { key: 'settings-general', route: 'settings' },
      { key: 'bill-data', route: 'billData' },
      { key: 'system-messages', route: 'systemMessages', visible: (ctx) => ctx.branch.isOwner && notSendOut(ctx) },
      { key: 'sms', route: 'sms', visible: notSendOut },
      { key: 'channel-priority', route: 'channelPriority', visible: (ctx) => ctx.priorityChannelCount > 1 },
      { key: 'accesses', route: 'accesses', visible: ({ branch }) => branch.isOwner },
    ],
  },
  { key: 'chat-history', route: 'chatHistory' },
  { key: 'pay', route: 'pay' },
  { key: 'partners', route: 'partnersProgram' },
  { key: 'blacklist', route: 'blacklist' },
];

const PARTNER_ONLY_MENU: readonly MenuItemDef<MenuContext>[] = [
  { key: 'branches', route: 'accounts', visible: mobileOnly },
  { key: 'partners', route: 'partnersProgram' },
];

function resolve<C>(items: readonly MenuItemDef<C>[], ctx: C): MenuEntry[] {
  return items
    .filter((item) => !item.visible || item.visible(ctx))
    .map((item) => ({ key: item.key, route: item.route, children: resolve(item.children ?? [], ctx) }));
}

export function visibleMenu(ctx: MenuContext): MenuEntry[] {
  const { branch } = ctx;
  // Users that are neither salon nor consultant, and anyone before choosing a branch, see the partner programme only.
  if ((!ctx.isSalon && !ctx.isConsultant) || branch === null || branch.isSynthetic)
    return resolve(PARTNER_ONLY_MENU, ctx);
  return resolve(BRANCH_MENU, { ...ctx, branch });
}
