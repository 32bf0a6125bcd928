import {
  makeWASocket,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventMap,
  type Contact,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  type WAPresence,
} from '@whiskeysockets/baileys';

// The part of a Baileys socket the driver uses. Tests inject a fake of exactly this shape, so keeping
// it narrow keeps the fake honest.
export interface WhatsappSocket {
  readonly ev: {
    on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void;
    off<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void;
  };
  readonly user: Contact | undefined;
  requestPairingCode(phoneNumber: string): Promise<string>;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void>;
  // Sends read receipts (blue ticks) for received messages.
  readMessages(keys: WAMessageKey[]): Promise<void>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): Promise<void>;
}

// Baileys does not export its logger interface; pino loggers satisfy it.
export type BaileysLogger = UserFacingSocketConfig['logger'] & object;

export type MakeSocket = (config: UserFacingSocketConfig) => WhatsappSocket;

export const makeBaileysSocket: MakeSocket = (config) => makeWASocket(config);

export function socketConfig(auth: AuthenticationState, logger: BaileysLogger): UserFacingSocketConfig {
  return {
    auth,
    logger,
    // Staying "offline" keeps push notifications on the salon's phone, where staff read replies too.
    markOnlineOnConnect: false,
    // Chat history is not ours to import; skipping it spares memory, bandwidth and key writes.
    syncFullHistory: false,
    shouldSyncHistoryMessage: () => false,
  };
}
