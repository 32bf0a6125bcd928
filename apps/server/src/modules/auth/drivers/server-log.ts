import type { PinDelivery } from '../pin-delivery.js';

// Without a bot token the PIN is written to the server's own output, and nowhere else,
// as one plain line that a person (or a test) can read: `login PIN for <id>: <pin>`.
export function serverLogPinDelivery(write: (line: string) => void = (l) => process.stdout.write(l)): PinDelivery {
  return {
    kind: 'server-log',
    async deliver(telegramId, pin) {
      write(`login PIN for ${telegramId}: ${pin}\n`);
    },
  };
}
