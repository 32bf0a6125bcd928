import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import { ChannelGateway } from '../../channels/gateway.js';
import type { ChannelsModule } from '../../channels/module.js';
import { botWebhookRoutes } from './bot-webhook-routes.js';
import { connectionRoutes } from './routes.js';
import { smsReportRoutes } from './sms-report-routes.js';
import { ConnectionService } from './service.js';

export interface ConnectionModuleDeps {
  db: Db;
  // Only worker processes hold channel sessions (`host`); API processes reach them through commands.
  // With `sandboxEnabled` the page offers the simulated phone.
  channels: Pick<ChannelsModule, 'repo' | 'host' | 'outbox' | 'providers' | 'pacing' | 'sandboxEnabled' | 'reach'>;
  clock: Clock;
  // Derives each bot's webhook secret (channels/reach/bot-webhook.ts) and each SMS instance's report
  // secret (channels/sms-reports/report-url.ts).
  encryptionKey: Buffer;
}

export interface ConnectionModule extends ServerModule {
  service: ConnectionService;
}

export function createConnectionModule(deps: ConnectionModuleDeps): ConnectionModule {
  const { channels } = deps;
  const gateway = new ChannelGateway(channels.host, channels.repo, deps.clock);
  const service = new ConnectionService({
    db: deps.db,
    repo: channels.repo,
    gateway,
    outbox: channels.outbox,
    clock: deps.clock,
    providers: channels.providers,
    pacing: channels.pacing,
    reach: channels.reach,
  });
  return {
    service,
    routes: {
      main: [
        connectionRoutes(service, channels.sandboxEnabled),
        botWebhookRoutes({ repo: channels.repo, gateway, key: deps.encryptionKey }),
        smsReportRoutes({ repo: channels.repo, clock: deps.clock, key: deps.encryptionKey }),
      ],
    },
  };
}
