import { PAY_MODULES, type PayModule, type PayPeriod } from '@salon/contract/payments';
import { defaultModules } from './pay-rules';

// What the user has picked on /pay: a month card (null: none yet) and the modules to pay for.
export interface PaySelection {
  months: PayPeriod | null;
  modules: PayModule[];
}

export type PaySelectionEvent =
  | { type: 'choosePeriod'; months: PayPeriod }
  | { type: 'toggleModule'; module: PayModule }
  // SPEC 4: once a pay link is obtained the selection resets.
  | { type: 'linkObtained' };

export function initialSelection(active: readonly PayModule[]): PaySelection {
  return { months: null, modules: defaultModules(active) };
}

// Modules stay in the wire's order (WA, TG, loyalty) whatever order they were ticked in.
export function toggleModule(modules: readonly PayModule[], module: PayModule): PayModule[] {
  const next = modules.includes(module) ? modules.filter((m) => m !== module) : [...modules, module];
  return PAY_MODULES.filter((m) => next.includes(m));
}

export function nextSelection(
  state: PaySelection,
  event: PaySelectionEvent,
  active: readonly PayModule[],
): PaySelection {
  if (event.type === 'choosePeriod') return { ...state, months: event.months };
  if (event.type === 'toggleModule') return { ...state, modules: toggleModule(state.modules, event.module) };
  return initialSelection(active);
}

// The price is asked for only when there is something to price.
export function priceRequest(state: PaySelection): { months: PayPeriod; modules: PayModule[] } | null {
  if (state.months === null || state.modules.length === 0) return null;
  return { months: state.months, modules: state.modules };
}
