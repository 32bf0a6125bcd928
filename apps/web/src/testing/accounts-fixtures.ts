import type { AccountsResponse, BranchWire, ConsultantDataWire } from '@salon/contract/accounts';
import { toAccountsState, type AccountsState } from '../shared/accounts/accounts-state';

// Test data for the unit tests; the shapes are the contract's, so a contract change breaks them loudly.
export function branchWireFixture(overrides: Partial<BranchWire> = {}): BranchWire {
  return {
    acc_id: 7,
    branch_id: 70,
    name: 'Salon on Nevsky',
    address: 'Nevsky 1',
    status_wa: 'authenticated',
    status_tg: 'not_authenticated',
    quantity_of_templates: 3,
    send_out_account: false,
    is_admin_bot_integrated: true,
    pay_period: '2030-01-01',
    pay_status: true,
    action_send_out: false,
    rights: ['owner'],
    show_wa_banner: false,
    is_show_no_wa_warning: false,
    crm_name: 'yclients',
    currency: 'RUB',
    time_zone: 'Europe/Moscow',
    show_tg_banner: true,
    show_neiro_interface: true,
    show_partner_page_banner: false,
    active_modules: ['WA', 'TG'],
    priority_channels: 2,
    ...overrides,
  };
}

export function consultantFixture(overrides: Partial<ConsultantDataWire> = {}): ConsultantDataWire {
  return { partner_type: 'consultant', rights: ['owner'], promo_code: 'PROMO1', promo_codes: ['PROMO1'], ...overrides };
}

export function accountsResponseFixture(overrides: Partial<AccountsResponse> = {}): AccountsResponse {
  return {
    ok: true,
    accounts: [branchWireFixture()],
    accounts_data: { user_id: '123456', name: 'Anna', avatar_url: null, lang: 'ru', info_block_count: 0 },
    banners_data: [],
    consultant: false,
    consultant_data: null,
    agreements: { mandatory_agreement: true, optional_agreement: false },
    ...overrides,
  };
}

export function accountsFixture(overrides: Partial<AccountsResponse> = {}): AccountsState {
  return toAccountsState(accountsResponseFixture(overrides));
}
