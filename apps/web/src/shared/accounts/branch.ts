import type { BranchWire, ChannelStatus } from '@salon/contract/accounts';
import type { CrmName, Currency, Module } from '@salon/contract/constants';
import { isOwner, type Right } from '@salon/contract/rights-rules';

// SPEC 3 "Branch (account)" in the cabinet's camelCase names.
export interface Branch {
  accId: number;
  branchId: number;
  name: string;
  address: string;
  statusWA: ChannelStatus;
  statusTG: ChannelStatus;
  quantityOfTemplates: number;
  sendOutAccount: boolean;
  isAdminBotIntegrated: boolean;
  payPeriod: string | null;
  payStatus: boolean;
  actionSendOut: boolean;
  rights: Right[];
  showWaBanner: boolean;
  isOwner: boolean;
  isChannelActive: boolean;
  isShowNoWaWarning: boolean;
  crmName: CrmName;
  currency: Currency;
  showTgBanner: boolean;
  showNeiroInterface: boolean;
  showPartnerPageBanner: boolean;
  active_modules: Module[];
  timeZone: string;
  priorityChannels: number;
  // True for the stand-in branch of a partner without branches (SPEC 4); it opens partner pages only.
  isSynthetic: boolean;
}

export function mapBranch(wire: BranchWire): Branch {
  return {
    accId: wire.acc_id,
    branchId: wire.branch_id,
    name: wire.name,
    address: wire.address,
    statusWA: wire.status_wa,
    statusTG: wire.status_tg,
    quantityOfTemplates: wire.quantity_of_templates,
    sendOutAccount: wire.send_out_account,
    isAdminBotIntegrated: wire.is_admin_bot_integrated,
    payPeriod: wire.pay_period,
    payStatus: wire.pay_status,
    actionSendOut: wire.action_send_out,
    rights: wire.rights,
    showWaBanner: wire.show_wa_banner,
    isOwner: isOwner(wire.rights),
    isChannelActive: wire.status_wa === 'authenticated' || wire.status_tg === 'authenticated',
    isShowNoWaWarning: wire.is_show_no_wa_warning,
    crmName: wire.crm_name,
    currency: wire.currency,
    showTgBanner: wire.show_tg_banner,
    showNeiroInterface: wire.show_neiro_interface,
    showPartnerPageBanner: wire.show_partner_page_banner,
    active_modules: wire.active_modules,
    timeZone: wire.time_zone,
    priorityChannels: wire.priority_channels,
    isSynthetic: false,
  };
}

// The stand-in for a partner with no branches, named by the promo code; it carries no branch rights.
export function syntheticPartnerBranch(promoCode: string): Branch {
  return {
    accId: 0,
    branchId: 0,
    name: promoCode,
    address: '',
    statusWA: 'not_authenticated',
    statusTG: 'not_authenticated',
    quantityOfTemplates: 0,
    sendOutAccount: false,
    isAdminBotIntegrated: false,
    payPeriod: null,
    payStatus: false,
    actionSendOut: false,
    rights: [],
    showWaBanner: false,
    isOwner: false,
    isChannelActive: false,
    isShowNoWaWarning: false,
    crmName: 'local',
    currency: 'RUB',
    showTgBanner: false,
    showNeiroInterface: false,
    showPartnerPageBanner: false,
    active_modules: [],
    timeZone: 'UTC',
    priorityChannels: 0,
    isSynthetic: true,
  };
}
