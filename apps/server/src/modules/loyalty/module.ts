import type { ServerModule } from '../../platform/module.js';
import { createLoyaltyActions } from './actions/index.js';
import type { LoyaltyDeps } from './deps.js';
import { createLoyaltyMechanics } from './mechanics/index.js';

export type LoyaltyModuleDeps = LoyaltyDeps;

export interface LoyaltyModule extends ServerModule {
  mechanics: ReturnType<typeof createLoyaltyMechanics>;
}

// Invite-a-friend loyalty (SPEC 2 /invite_fiend, SPEC 7 Invite friends): the actions' pages and
// analytics (actions/), and the mechanics (mechanics/): personal invite links and their page, the
// friend's attribution, the append-only bonus ledger paid on the friend's paid visits and pushed to
// the CRM's loyalty cards.
export function createLoyaltyModule(deps: LoyaltyModuleDeps): LoyaltyModule {
  const actions = createLoyaltyActions(deps);
  const mechanics = createLoyaltyMechanics(deps);
  deps.crm.onRecordChange(mechanics.recordChanged);
  return {
    mechanics,
    routes: { main: [...actions.routes, ...mechanics.routes] },
    sweeps: mechanics.sweeps,
  };
}
