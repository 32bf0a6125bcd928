import type { Db } from '../../platform/db/client.js';
import { AdjustableClock, type Clock } from '../../platform/clock.js';
import type { ServerModule } from '../../platform/module.js';
import { ownsABranch } from './repository.js';
import { devClockRoutes } from './routes.js';

export interface DevClockModuleDeps {
  db: Db;
  clock: Clock;
  // The runtime's "run the due sweeps now" hook: after a move the work now due runs at once.
  runDueSweeps: () => Promise<void>;
}

// Mounted only with DEV_CLOCK=adjustable (an AdjustableClock).
export function createDevClockModule(deps: DevClockModuleDeps): ServerModule {
  const { clock, db } = deps;
  if (!(clock instanceof AdjustableClock)) return {};
  return {
    routes: { main: [devClockRoutes(clock, deps.runDueSweeps, (userId) => ownsABranch(db, userId))] },
  };
}
