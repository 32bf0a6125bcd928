import { type Api, Logger as GramLogger, TelegramClient } from 'telegram';
import type { CustomFile } from 'telegram/client/uploads.js';
import { LogLevel } from 'telegram/extensions/Logger.js';
import { StringSession } from 'telegram/sessions/index.js';
import type { Logger } from '../../../platform/logger.js';

/**
 * The part of GramJS's TelegramClient this driver uses. A real TelegramClient satisfies it as is;
 * tests pass a fake that answers `invoke` by request class and pushes raw updates.
 */
export interface TelegramClientLike {
  // A StringSession's save() returns the serialized session (DC, server address, auth key).
  readonly session: { save(): unknown };
  // Resolves false when every connection attempt failed.
  connect(): Promise<boolean>;
  // Disconnects and stops GramJS's update loop; plain disconnect() leaves the loop pinging and
  // reconnecting (gram-js/gramjs#615).
  destroy(): Promise<void>;
  invoke<R extends Api.AnyRequest>(request: R): Promise<R['__response']>;
  // Without an event builder GramJS hands every raw update (and UpdateConnectionState) to the callback.
  addEventHandler(callback: (update: unknown) => void): void;
  uploadFile(params: { file: CustomFile; workers: number }): Promise<Api.TypeInputFile>;
  // QR login for an account on another data centre moves the whole connection there; GramJS's
  // own signInUserWithQrCode does the same through this method.
  _switchDC(dcId: number): Promise<unknown>;
}

export interface GramjsClientConfig {
  apiId: number;
  apiHash: string;
  logger: Logger;
}

export function createGramjsClient(session: string, config: GramjsClientConfig): TelegramClientLike {
  return new TelegramClient(new StringSession(session), config.apiId, config.apiHash, {
    connectionRetries: 5,
    retryDelay: 2_000,
    autoReconnect: true,
    requestRetries: 3,
    // GramJS would otherwise sleep through FLOOD_WAITs of up to a minute inside invoke(); the core
    // owns pacing and fallback, so every flood wait is surfaced at once.
    floodSleepThreshold: 0,
    deviceModel: 'Salon messaging server',
    systemVersion: `Node.js ${process.versions.node}`,
    appVersion: '1.0',
    baseLogger: new PinoGramLogger(config.logger),
  });
}

// GramJS prints to the console by default; route its warnings and errors into our structured log.
// Info-level chatter (every connect, every DC switch) is left out on purpose.
class PinoGramLogger extends GramLogger {
  constructor(private readonly target: Logger) {
    super(LogLevel.WARN);
  }

  override log(level: LogLevel, message: string): void {
    if (level === LogLevel.ERROR) this.target.error({ source: 'gramjs' }, message);
    else if (level === LogLevel.WARN) this.target.warn({ source: 'gramjs' }, message);
    else this.target.debug({ source: 'gramjs' }, message);
  }
}
