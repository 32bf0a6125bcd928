import type { Logger } from '../platform/logger.js';
import type { ChannelHost } from './host.js';

/**
 * Marks a client's messages as read by the salon on the messenger (the AI administrator's
 * mark-as-read). Best effort: it never throws, and acts only where this process holds the live
 * session of the instance; elsewhere (an API process, another worker's lease) it does nothing,
 * because a second connection to the same account would fight the one that holds it.
 */
export interface ChannelReadMarker {
  markRead(accId: number, instanceId: string, phone: string, providerMessageIds: string[]): Promise<void>;
}

export function channelReadMarker(host: ChannelHost | undefined, logger: Logger): ChannelReadMarker {
  return {
    async markRead(accId, instanceId, phone, providerMessageIds) {
      if (providerMessageIds.length === 0) return;
      const session = host?.heldSession(accId, instanceId);
      if (!session?.markRead) return;
      try {
        await session.markRead(phone, providerMessageIds);
      } catch (err) {
        logger.warn({ err, instance: instanceId }, 'marking messages read failed');
      }
    },
  };
}
