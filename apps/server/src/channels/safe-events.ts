import type { Logger } from '../platform/logger.js';
import type { ChannelEvents } from './channel.js';

// The core's handlers run inside a provider library's event callbacks (Baileys, GramJS). One that
// throws must not break the library's event processing (and with it the connection), so failures
// are logged and swallowed here. The events a driver may wait on keep their promise (resolved once
// stored), which never rejects.
export function safeEvents(events: ChannelEvents, logger: Logger): ChannelEvents {
  const failed = (event: keyof ChannelEvents) => (err: unknown) =>
    logger.error({ err, event }, 'channel event handler failed');
  const run = (event: keyof ChannelEvents, handler: () => void): void => {
    try {
      handler();
    } catch (err) {
      failed(event)(err);
    }
  };
  // For the events a driver may wait on (stored before it moves on): the promise, never rejecting.
  // The handler runs at once, as the provider reported it (in its order).
  const settle = <T>(event: keyof ChannelEvents, handler: () => T | Promise<T>, fallback: T): Promise<T> => {
    try {
      return Promise.resolve(handler()).catch((err: unknown) => {
        failed(event)(err);
        return fallback;
      });
    } catch (err) {
      failed(event)(err);
      return Promise.resolve(fallback);
    }
  };
  return {
    status: (status, detail) => run('status', () => events.status(status, detail)),
    qr: (value, expiresAt) => run('qr', () => events.qr(value, expiresAt)),
    credentials: (serialized) => run('credentials', () => events.credentials(serialized)),
    ack: (id, ack) => settle('ack', () => events.ack(id, ack), undefined),
    inbound: (message) => settle('inbound', () => events.inbound(message), undefined),
    subscriber: (event) => settle('subscriber', () => events.subscriber(event), null),
  };
}
