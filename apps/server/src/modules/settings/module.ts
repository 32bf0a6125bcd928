import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { ServerModule } from '../../platform/module.js';
import type { ChannelRepository } from '../../channels/repository.js';
import { SettingsRepository } from './repository.js';
import { settingsRoutes } from './routes.js';
import { SettingsService } from './service.js';

export interface SettingsModuleDeps {
  db: Db;
  channels: ChannelRepository;
  clock: Clock;
  encryptionKey: Buffer;
  smsDriver: 'sandbox' | 'gateways';
}

export interface SettingsModule extends ServerModule {
  service: SettingsService;
  // The branch's name as SMS senders sign with it (the channel drivers ask).
  branchName(accId: number): Promise<string | null>;
}

export function createSettingsModule(deps: SettingsModuleDeps): SettingsModule {
  const repo = new SettingsRepository(deps.db);
  const service = new SettingsService({ ...deps, repo });
  return { service, branchName: (accId) => repo.branchName(accId), routes: { main: [settingsRoutes(service)] } };
}
