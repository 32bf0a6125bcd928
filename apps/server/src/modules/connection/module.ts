import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import type { ChannelKind } from '../../channels/channel.js';
import type { Outbox } from '../../channels/dispatch/outbox.js';
import type { PacingProfile } from '../../channels/dispatch/governor.js';
import { ChannelGateway } from '../../channels/gateway.js';
import type { ChannelHost } from '../../channels/host.js';
import type { ChannelRepository } from '../../channels/repository.js';
import { connectionRoutes } from './routes.js';
import { ConnectionService } from './service.js';

export interface ConnectionModuleDeps {
  db: Db;
  channels: ChannelRepository;
  // Only worker processes hold channel sessions; API processes reach them through commands.
  host: ChannelHost | undefined;
  outbox: Outbox;
  clock: Clock;
  providers: Record<'whatsapp' | 'telegram', string>;
  pacing: (kind: ChannelKind) => PacingProfile;
  // The sandbox drivers run: the page offers the simulated phone.
  sandbox: boolean;
}

export interface ConnectionModule extends ServerModule {
  service: ConnectionService;
}

export function createConnectionModule(deps: ConnectionModuleDeps): ConnectionModule {
  const service = new ConnectionService({
    db: deps.db,
    repo: deps.channels,
    gateway: new ChannelGateway(deps.host, deps.channels, deps.clock),
    outbox: deps.outbox,
    clock: deps.clock,
    providers: deps.providers,
    pacing: deps.pacing,
  });
  return { service, routes: { main: [connectionRoutes(service, deps.sandbox)] } };
}
