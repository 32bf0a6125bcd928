import { createConsentsModule } from '../../modules/consents/module.js';
import { routesOf } from '../../platform/module.js';
import type { DbKind } from '../databases.js';
import { startMailingHostApp, type MailingHostApp } from '../mailing-host-app.js';

export type ConsentsTestApp = MailingHostApp;

// The real server on a real database (startTestApp: migrations, demo seed, login, the engine and the
// reply chain), with the consents module built by its factory and mounted on the mailing host as
// the runtime mounts it.
export function startConsentsTestApp(kind: DbKind): Promise<ConsentsTestApp> {
  return startMailingHostApp(kind, ({ base, bot, logger }) => {
    const consents = createConsentsModule({ db: base.runtime.database.db, bot, clock: base.clock, logger });
    return { routes: routesOf([consents], 'mailing') };
  });
}
