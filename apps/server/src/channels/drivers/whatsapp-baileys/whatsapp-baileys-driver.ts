import type { Logger } from '../../../platform/logger.js';
import type { ChannelDriver } from '../../channel.js';
import { makeBaileysSocket, type MakeSocket } from './socket.js';
import { WhatsappBaileysSession } from './whatsapp-baileys-session.js';

export interface WhatsappBaileysDriverOptions {
  logger: Logger;
  // Builds the Baileys socket; tests pass a fake so nothing touches the network.
  makeSocket?: MakeSocket;
  now?: () => Date;
  // Jitter of the reconnect backoff, in [0, 1).
  random?: () => number;
  // Every wait of the driver (backoff, typing, login time-outs, credential coalescing) goes through it.
  sleep?: (ms: number) => Promise<void>;
  // How long the recipient sees "typing…" before each message; 0 sends at once.
  typingMs?: number;
}

// A session closed in the middle of a 60 s backoff must not keep the process alive.
function unrefSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export function whatsappBaileysDriver(options: WhatsappBaileysDriverOptions): ChannelDriver {
  return {
    kind: 'whatsapp',
    provider: 'baileys',
    async open(instance, credentials, events) {
      const session = new WhatsappBaileysSession({
        instance,
        credentials,
        events,
        logger: options.logger,
        makeSocket: options.makeSocket ?? makeBaileysSocket,
        now: options.now ?? (() => new Date()),
        random: options.random ?? Math.random,
        sleep: options.sleep ?? unrefSleep,
        typingMs: options.typingMs ?? 0,
      });
      session.start();
      return session;
    },
  };
}
