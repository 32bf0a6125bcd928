import { allows } from '@salon/contract/rights-rules';
import type { AccountsState } from '../../shared/accounts/accounts-state';
import type { Branch } from '../../shared/accounts/branch';
import { pathOf, withAccId, type RouteDef } from './route-table';

export interface GuardContext {
  authenticated: boolean;
  // null while GET /accounts is loading.
  accounts: AccountsState | null;
  // The page's query string, e.g. "?accId=7&tab=2".
  search: string;
  // The branch this tab worked on last.
  sessionAccId: number | null;
}

export type GuardDecision =
  | { kind: 'allow'; branch: Branch | null }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; clearBranch?: boolean; notice?: 'branchNotFound' | 'noRights' };

const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

function realBranch(accounts: AccountsState, accId: number | null): Branch | null {
  if (accId === null) return null;
  return accounts.branches.find((b) => b.accId === accId && !b.isSynthetic) ?? null;
}

function parseAccId(raw: string | null): number | null {
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
}

// Where a user without access to a branch page belongs.
function homeOf(accounts: AccountsState): string {
  return accounts.isSalon ? pathOf('accounts') : pathOf('partnersProgram');
}

// A consultant partner (paid in money), as against a salon partner (paid in subscription days):
// SPEC 2 gives salon partners only Terms, Payment history and Invitation texts.
function isConsultantPartner(accounts: AccountsState): boolean {
  return accounts.isConsultant && accounts.consultantData?.partner_type === 'consultant';
}

// Only an owner-only consultant may manage partner admins (SPEC 6).
function isConsultantOwner(accounts: AccountsState): boolean {
  const rights = accounts.consultantRights;
  return isConsultantPartner(accounts) && rights.length === 1 && rights[0] === 'owner';
}

// The guard of one route, as a pure decision (SPEC 6 "Roles and permissions", SPEC 4 "Session and login").
export function decideRoute(route: RouteDef, ctx: GuardContext): GuardDecision {
  if (route.shell === 'bare') return { kind: 'allow', branch: null };
  if (route.shell === 'login')
    return ctx.authenticated ? redirect(pathOf('accounts')) : { kind: 'allow', branch: null };
  if (!ctx.authenticated) return redirect(pathOf('login'));
  const accounts = ctx.accounts;
  if (accounts === null) return { kind: 'wait' };

  const params = new URLSearchParams(ctx.search);
  const queryAccId = params.get('accId');
  let branch: Branch | null = null;
  if (route.branch !== 'none' && queryAccId !== null) {
    branch = realBranch(accounts, parseAccId(queryAccId));
    if (branch === null)
      return { kind: 'redirect', to: pathOf('accounts'), clearBranch: true, notice: 'branchNotFound' };
  } else if (route.branch !== 'none') {
    const remembered = realBranch(accounts, ctx.sessionAccId);
    if (route.branch === 'required') {
      if (remembered === null) return redirect(homeOf(accounts));
      params.set('accId', String(remembered.accId));
      return redirect(`${route.path}?${params.toString()}`);
    }
    branch = remembered;
  }
  const accId = branch?.accId ?? null;

  if (!accounts.isSalon && !accounts.isConsultant && route.id !== 'accounts' && !route.partner) {
    return redirect(pathOf('partnersProgram'));
  }
  if (branch !== null) {
    if (route.noSendOut && branch.sendOutAccount) return redirect(withAccId(pathOf('mailingNew'), accId));
    if (route.ai && !branch.showNeiroInterface) return redirect(withAccId(pathOf('pay'), accId));
    if (route.guard && !allows(branch.rights, route.guard)) {
      return { kind: 'redirect', to: pathOf('accounts'), notice: 'noRights' };
    }
  }
  if (route.audience === 'consultantOrNoBranch' && !(isConsultantPartner(accounts) || !accounts.isSalon)) {
    return redirect(withAccId(pathOf('partnersProgram'), accId));
  }
  if (route.audience === 'consultantOwner' && !isConsultantOwner(accounts)) {
    return redirect(withAccId(pathOf('partnersProgram'), accId));
  }
  return { kind: 'allow', branch };
}

// Whether a link to `route` would open it rather than bounce (tabs hide the ones that bounce).
export function canOpen(route: RouteDef, ctx: GuardContext): boolean {
  const decision = decideRoute(route, ctx);
  return decision.kind === 'allow' || (decision.kind === 'redirect' && decision.to.startsWith(`${route.path}?`));
}
