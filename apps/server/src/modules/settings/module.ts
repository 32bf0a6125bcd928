import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import { DEFAULT_GENERAL_SETTINGS } from '@salon/contract/settings';
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
  smsGatewayUrls: Readonly<Record<string, string>>;
  logger: Logger;
}

export interface SettingsModule extends ServerModule {
  service: SettingsService;
  // The branch's name as SMS senders sign with it (the channel drivers ask).
  branchName(accId: number): Promise<string | null>;
  // The branch's contact phone (General settings), read and written in another module's transaction:
  // the onboarding form sets the salon's phone, which the receipts of its payments need.
  branchPhone: {
    get(tx: Db, accId: number): Promise<string>;
    set(tx: Db, accId: number, phone: string, now: Date): Promise<void>;
  };
}

export function createSettingsModule(deps: SettingsModuleDeps): SettingsModule {
  const repo = new SettingsRepository(deps.db);
  const service = new SettingsService({ ...deps, repo });
  return {
    service,
    branchName: (accId) => repo.branchName(accId),
    branchPhone: {
      get: async (tx, accId) => {
        const { general } = await new SettingsRepository(tx).branchSettings(accId);
        return (general as { phone?: string } | null)?.phone ?? '';
      },
      set: async (tx, accId, phone, now) => {
        await new SettingsRepository(tx).saveBranchSettings(
          accId,
          { general: { ...DEFAULT_GENERAL_SETTINGS, phone } },
          now,
        );
      },
    },
    routes: { main: [settingsRoutes(service)] },
  };
}
