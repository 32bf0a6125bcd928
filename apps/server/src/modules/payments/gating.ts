import {
  AUTOPAY_RULES,
  PAY_MODULES,
  addDaysToDay,
  type ModuleStanding,
  type PayModule,
} from '@salon/contract/payments';

// Issue 16 item 5: what a branch may use, decided per module from its paid-till day (inclusive)
// and the branch-local day. One rule for the accounts list, the pay data, the dunning sweep, the
// channels and the loyalty actions:
// - paid: paid till today or later;
// - grace: the paid time ended at most AUTOPAY_RULES.graceDays ago; the module still works (the
//   last autopay try is on D+1, and a payment made now continues from D);
// - lapsed: the grace is over; its channel is `no_pay` (reason 'not_paid'), a loyalty action cannot
//   be switched on;
// - unpaid: never paid. It is not active, but there is no lapse to act on: its channel is not
//   switched off by the sweep (every real branch gets a test period of all modules on onboarding;
//   only older rows known by the branch row alone have modules that were never paid).
export function standingOf(paidTill: string | null, today: string): ModuleStanding {
  if (paidTill === null) return 'unpaid';
  if (paidTill >= today) return 'paid';
  if (today <= addDaysToDay(paidTill, AUTOPAY_RULES.graceDays)) return 'grace';
  return 'lapsed';
}

export interface ModuleGate {
  module: PayModule;
  paidTill: string | null;
  standing: ModuleStanding;
}

export interface BranchGate {
  // A branch with no payment data at all (no module periods and no pay period on its row) is never
  // gated: tests and fixtures create such branches, and onboarding gives them a test period later.
  gated: boolean;
  modules: ModuleGate[];
  // Usable modules (paid or in grace): the branch row's active_modules.
  active: PayModule[];
  // Modules whose grace is over.
  lapsed: PayModule[];
  // The accounts list's pay_status: some module paid till today or later.
  payStatus: boolean;
  // The latest paid-till day of any module (the branch row's pay_period), or null.
  payPeriod: string | null;
}

// `hasPayData`: the branch has module periods or a pay period on its row (a branch row with a pay
// period and no modules is gated: none of its modules is active).
export function gateOf(
  periods: readonly { module: PayModule; paidTill: string }[],
  today: string,
  hasPayData: boolean = periods.length > 0,
): BranchGate {
  const till = (module: PayModule) =>
    periods
      .filter((p) => p.module === module)
      .reduce<string | null>((a, p) => (a && a >= p.paidTill ? a : p.paidTill), null);
  const modules = PAY_MODULES.map((module) => {
    const paidTill = till(module);
    return { module, paidTill, standing: standingOf(paidTill, today) };
  });
  const payPeriod = modules.reduce<string | null>(
    (a, m) => (m.paidTill && (!a || m.paidTill > a) ? m.paidTill : a),
    null,
  );
  return {
    gated: hasPayData || periods.length > 0,
    modules,
    active: modules.filter((m) => m.standing === 'paid' || m.standing === 'grace').map((m) => m.module),
    lapsed: modules.filter((m) => m.standing === 'lapsed').map((m) => m.module),
    payStatus: modules.some((m) => m.standing === 'paid'),
    payPeriod,
  };
}

// The channel each messenger module pays for.
export const CHANNEL_MODULES = ['WA', 'TG'] as const satisfies readonly PayModule[];
export type ChannelModule = (typeof CHANNEL_MODULES)[number];
export const isChannelModule = (m: PayModule): m is ChannelModule => m === 'WA' || m === 'TG';
