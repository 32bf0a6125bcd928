import { describe, expect, it } from 'vitest';
import type { Right } from '@salon/contract/rights-rules';
import { accountsFixture, branchWireFixture, consultantFixture } from '../../testing/accounts-fixtures';
import { canOpen, decideRoute, type GuardContext } from './guard';
import { routeById, type RouteId } from './route-table';

const salon = accountsFixture();
const ctx = (overrides: Partial<GuardContext> = {}): GuardContext => ({
  authenticated: true,
  accounts: salon,
  search: '?accId=7',
  sessionAccId: 7,
  ...overrides,
});
const withRights = (rights: Right[], extra = {}) =>
  ctx({ accounts: accountsFixture({ accounts: [branchWireFixture({ rights, ...extra })] }) });
const decide = (id: RouteId, c: GuardContext = ctx()) => decideRoute(routeById(id), c);

describe('authentication', () => {
  it('sends guests to the login page and signed-in users away from it', () => {
    expect(decide('main', ctx({ authenticated: false }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('accounts', ctx({ authenticated: false }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('login', ctx())).toEqual({ kind: 'redirect', to: '/accounts' });
    expect(decide('login', ctx({ authenticated: false })).kind).toBe('allow');
  });

  it('lets anyone open the public pages and the 404 page', () => {
    for (const id of ['startPage', 'autoConnect', 'autoConnectForm', 'autoConnectSendOut', 'notFound'] as const) {
      expect(decide(id, ctx({ authenticated: false })).kind).toBe('allow');
    }
  });

  it('waits for the accounts before deciding', () => {
    expect(decide('main', ctx({ accounts: null }))).toEqual({ kind: 'wait' });
  });
});

describe('branch in the query', () => {
  it('opens a branch page for a branch of the list', () => {
    const decision = decide('main');
    expect(decision.kind).toBe('allow');
    expect(decision.kind === 'allow' && decision.branch?.accId).toBe(7);
  });

  it('clears the selection for an unknown accId and asks to check the link', () => {
    expect(decide('main', ctx({ search: '?accId=999' }))).toEqual({
      kind: 'redirect',
      to: '/accounts',
      clearBranch: true,
      notice: 'branchNotFound',
    });
    expect(decide('connection', ctx({ search: '?accId=abc' }))).toMatchObject({ notice: 'branchNotFound' });
  });

  it('adds the remembered branch to a link without accId, keeping other params', () => {
    expect(decide('template', ctx({ search: '?id=5' }))).toEqual({ kind: 'redirect', to: '/template?id=5&accId=7' });
  });

  it('sends a user without a remembered branch to the branch list', () => {
    expect(decide('main', ctx({ search: '', sessionAccId: null }))).toEqual({ kind: 'redirect', to: '/accounts' });
    expect(decide('accounts', ctx({ search: '', sessionAccId: null })).kind).toBe('allow');
  });
});

describe('rights guards (failing goes to /accounts)', () => {
  const cases: [RouteId, Right][] = [
    ['connection', 'manage_wapp'],
    ['mailingNew', 'sendouts'],
    ['mailingStarted', 'sendouts'],
    ['mailingConsents', 'sendouts'],
    ['mailingStats', 'sendouts'],
    ['mailingStatistics', 'sendouts'],
    ['settings', 'translation_switch'],
    ['billData', 'translation_switch'],
    ['channelPriority', 'translation_switch'],
    ['sms', 'translation_switch'],
    ['newTemplate', 'edit_templates'],
  ];
  it.each(cases)('%s needs owner/support or %s', (id, right) => {
    expect(decide(id, withRights([right])).kind).toBe('allow');
    expect(decide(id, withRights(['support'])).kind).toBe('allow');
    expect(decide(id, withRights(['hide_translation_phones']))).toEqual({
      kind: 'redirect',
      to: '/accounts',
      notice: 'noRights',
    });
  });

  it('accesses and system messages are for owner or support only', () => {
    for (const id of ['accesses', 'systemMessages'] as const) {
      expect(decide(id, withRights(['owner'])).kind).toBe('allow');
      expect(decide(id, withRights(['support'])).kind).toBe('allow');
      expect(decide(id, withRights(['manage_wapp', 'sendouts', 'translation_switch', 'edit_templates']))).toEqual({
        kind: 'redirect',
        to: '/accounts',
        notice: 'noRights',
      });
    }
  });

  it('pages without a guard are open to every member', () => {
    expect(decide('blacklist', withRights(['notify'])).kind).toBe('allow');
    expect(decide('chatHistory', withRights(['notify'])).kind).toBe('allow');
  });
});

describe('branch flags', () => {
  it('AI pages need showNeiroInterface, else /pay', () => {
    const off = withRights(['owner'], { show_neiro_interface: false });
    for (const id of [
      'aiAdmin',
      'aiAdminSettings',
      'aiAdminInstruction',
      'aiAdminExceptions',
      'aiAdminStatistics',
    ] as const) {
      expect(decide(id, off)).toEqual({ kind: 'redirect', to: '/pay?accId=7' });
      expect(decide(id).kind).toBe('allow');
    }
  });

  it('send-out-only accounts go from templates and reviews to /mailing/new', () => {
    const sendOut = withRights(['owner'], { send_out_account: true });
    for (const id of [
      'templateList',
      'templateListEvent',
      'template',
      'newTemplate',
      'reviewsAll',
      'reviewsStatistics',
    ] as const) {
      expect(decide(id, sendOut)).toEqual({ kind: 'redirect', to: '/mailing/new?accId=7' });
    }
    expect(decide('mailingNew', sendOut).kind).toBe('allow');
  });
});

describe('partner pages', () => {
  const partnerOnly = accountsFixture({
    accounts: [],
    consultant: false,
    consultant_data: consultantFixture({ partner_type: 'salon' }),
  });
  const consultantOnly = accountsFixture({ accounts: [], consultant: true, consultant_data: consultantFixture() });

  it('users that are neither salon nor consultant stay on partner pages', () => {
    const c = ctx({ accounts: partnerOnly, search: '', sessionAccId: null });
    expect(decide('main', c)).toEqual({ kind: 'redirect', to: '/partners_program' });
    expect(decide('blacklist', c)).toEqual({ kind: 'redirect', to: '/partners_program' });
    expect(decide('partnersProgram', c).kind).toBe('allow');
    expect(decide('historyOfPayment', c).kind).toBe('allow');
    expect(decide('listOfOperation', c).kind).toBe('allow');
    expect(decide('accounts', c).kind).toBe('allow');
  });

  it('a consultant without branches has no branch pages either', () => {
    expect(decide('main', ctx({ accounts: consultantOnly, search: '', sessionAccId: null }))).toEqual({
      kind: 'redirect',
      to: '/partners_program',
    });
  });

  it('operations and leads are for consultants, not for plain salons', () => {
    expect(decide('listOfOperation')).toEqual({ kind: 'redirect', to: '/partners_program?accId=7' });
    expect(decide('addLeads')).toEqual({ kind: 'redirect', to: '/partners_program?accId=7' });
    expect(decide('partnersProgram').kind).toBe('allow');
    const salonConsultant = accountsFixture({ consultant: true, consultant_data: consultantFixture() });
    expect(decide('addLeads', ctx({ accounts: salonConsultant })).kind).toBe('allow');
  });

  it('a salon partner with its own branch sees terms, payment history and texts only (SPEC 2)', () => {
    const salonPartner = accountsFixture({
      consultant: true,
      consultant_data: consultantFixture({ partner_type: 'salon', rights: ['owner'] }),
    });
    const c = ctx({ accounts: salonPartner });
    expect(decide('listOfOperation', c)).toEqual({ kind: 'redirect', to: '/partners_program?accId=7' });
    expect(decide('addLeads', c)).toEqual({ kind: 'redirect', to: '/partners_program?accId=7' });
    expect(decide('partnersAccess', c)).toEqual({ kind: 'redirect', to: '/partners_program?accId=7' });
    expect(decide('historyOfPayment', c).kind).toBe('allow');
    expect(decide('partnersPromo', c).kind).toBe('allow');
  });

  it('the access page is for a consultant whose rights are exactly owner', () => {
    expect(decide('partnersAccess', ctx({ accounts: consultantOnly, search: '' })).kind).toBe('allow');
    const notOnlyOwner = accountsFixture({
      accounts: [],
      consultant: true,
      consultant_data: consultantFixture({ rights: ['owner', 'support'] }),
    });
    expect(decide('partnersAccess', ctx({ accounts: notOnlyOwner, search: '' }))).toEqual({
      kind: 'redirect',
      to: '/partners_program',
    });
    expect(decide('partnersAccess').kind).toBe('redirect');
  });

  it('partner pages work without a branch in the query', () => {
    const decision = decide('partnersProgram', ctx({ search: '', sessionAccId: null }));
    expect(decision).toEqual({ kind: 'allow', branch: null });
  });
});

describe('canOpen', () => {
  it('treats the accId completion as opening the page', () => {
    expect(canOpen(routeById('main'), ctx({ search: '' }))).toBe(true);
    expect(canOpen(routeById('connection'), withRights(['notify']))).toBe(false);
  });
});
