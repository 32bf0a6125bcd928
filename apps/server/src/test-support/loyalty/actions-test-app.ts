import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildHttpApp } from '../../app.js';
import type { CrmDriver } from '../../crm/crm.js';
import { localCrmDriver } from '../../crm/drivers/local/local-driver.js';
import { CrmProcessor } from '../../crm/processor.js';
import { createLogger } from '../../platform/logger.js';
import type { DbKind } from '../databases.js';
import { startTestApp, type TestApp } from '../harness.js';
import { templateLoyaltyDependents } from '../../modules/templates/loyalty-dependents.js';
import { createLoyaltyActions } from '../../modules/loyalty/actions/index.js';

// The CRM's side of the invite-friends calls, as a test can turn it: card types that fail to load,
// loyalty rights the CRM refuses.
export interface CrmSwitches {
  cardTypesFail: boolean;
  permission: boolean;
}

export interface LoyaltyTestApp {
  base: TestApp;
  http: FastifyInstance;
  crm: CrmSwitches;
  request(options: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    token: string;
    body?: unknown;
  }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

// The real server on a real database (startTestApp: migrations, demo seed, login) with the loyalty
// actions built by their own factory over the real templates and local CRM; only the CRM boundary
// (the driver the processor is given) can be told to fail or refuse.
export async function startLoyaltyTestApp(kind: DbKind): Promise<LoyaltyTestApp> {
  const base = await startTestApp(kind);
  const db = base.runtime.database.db;
  const logger = createLogger('silent');
  const crm: CrmSwitches = { cardTypesFail: false, permission: true };
  const local = localCrmDriver(base.runtime.crm.local);
  const driver: CrmDriver = {
    ...local,
    async reference(branch, kindOf) {
      if (kindOf === 'loyalty_card_types' && crm.cardTypesFail) throw new Error('CRM answered 503');
      return local.reference(branch, kindOf);
    },
    loyaltyPermission: async () => crm.permission,
  };
  const processor = new CrmProcessor({
    repo: base.runtime.crm.repo,
    drivers: { local: driver },
    clock: base.clock,
    logger,
    openSecret: (sealed) => sealed,
  });
  const actions = createLoyaltyActions({
    db,
    clock: base.clock,
    logger,
    crm: processor,
    crmRepo: base.runtime.crm.repo,
    templates: templateLoyaltyDependents(db, base.clock),
    branchName: async () => null,
    botMessages: { sendText: async () => undefined },
    publicBase: 'http://localhost:3000',
  });
  const http = await buildHttpApp({
    logger,
    trustProxy: false,
    webDistDir: undefined,
    authenticator: base.runtime.services.auth,
    hosts: { main: actions.routes, mailing: [], ai: [] },
    healthy: async () => true,
  });
  await http.ready();
  return {
    base,
    http,
    crm,
    request({ method, url, token, body }) {
      return http.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
    async close() {
      await http.close();
      await base.close();
    },
  };
}
