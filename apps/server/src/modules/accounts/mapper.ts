import type { BranchWire } from '@salon/contract/accounts';
import {
  CRM_NAMES,
  CURRENCIES,
  MODULES,
  NO_WA_WARNING_EXEMPT_ACC_IDS,
  type CrmName,
  type Currency,
  type Module,
} from '@salon/contract/constants';
import { CHANNEL_STATUSES, type ChannelStatus } from '@salon/contract/accounts';
import { expandRights } from '@salon/contract/rights';
import type { BranchRow } from './repository.js';

function oneOf<T extends string>(allowed: readonly T[], value: string, fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

// What the accounts list tells of a branch besides its row: its template count and, when the
// caller asked to check them, the channel states its sessions last reported.
export interface BranchFacts {
  templates: number;
  channels?: { whatsapp?: string; telegram?: string };
}

// Rows never leave the server: this is the only place a branch becomes its wire shape.
export function toBranchWire(row: BranchRow, facts: BranchFacts = { templates: 0 }): BranchWire {
  const statusWa = oneOf<ChannelStatus>(
    CHANNEL_STATUSES,
    facts.channels?.whatsapp ?? row.statusWa,
    'not_authenticated',
  );
  const statusTg = oneOf<ChannelStatus>(
    CHANNEL_STATUSES,
    facts.channels?.telegram ?? row.statusTg,
    'not_authenticated',
  );
  const activeModules = row.activeModules.filter((m): m is Module => (MODULES as readonly string[]).includes(m));
  const waUp = statusWa === 'authenticated';
  return {
    acc_id: row.accId,
    branch_id: row.branchId,
    name: row.name,
    address: row.address,
    status_wa: statusWa,
    status_tg: statusTg,
    quantity_of_templates: facts.templates,
    send_out_account: row.sendOutAccount,
    is_admin_bot_integrated: row.isAdminBotIntegrated,
    pay_period: row.payPeriod,
    pay_status: row.payStatus,
    action_send_out: row.actionSendOut,
    rights: expandRights(row.rights),
    show_wa_banner: row.showWaBanner && !waUp,
    // SPEC 4: shown when WhatsApp is down, except for exempt accounts or an active WhatsApp module.
    is_show_no_wa_warning: !waUp && !NO_WA_WARNING_EXEMPT_ACC_IDS.includes(row.accId) && !activeModules.includes('WA'),
    crm_name: oneOf<CrmName>(CRM_NAMES, row.crmName, 'local'),
    // SPEC 3: RUB for the yclients-type CRM, else USD; the branch may say otherwise.
    currency: oneOf<Currency>(CURRENCIES, row.currency, row.crmName === 'yclients' ? 'RUB' : 'USD'),
    time_zone: row.timeZone,
    show_tg_banner: row.showTgBanner && statusTg !== 'authenticated',
    show_neiro_interface: row.showNeiroInterface,
    show_partner_page_banner: row.showPartnerPageBanner,
    active_modules: activeModules,
    priority_channels: [statusWa, statusTg].filter((s) => s === 'authenticated').length,
  };
}
