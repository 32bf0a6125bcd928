import type { ChannelStatus } from '@salon/contract/accounts';
import type { Ack, ChannelEvents, InboundMessage, SubscriberEvent, SubscriberReply } from '../channels/channel.js';

// The core's side of a bot session, recorded for the drivers' tests (Telegram bot, MAX bot);
// `replyTo` decides the bot's answers to subscriber events.
export interface RecordedBotEvents {
  statuses: { status: ChannelStatus; reason?: string; phone?: string }[];
  credentials: string[];
  acks: { id: string; ack: Ack }[];
  inbound: InboundMessage[];
  subscribers: SubscriberEvent[];
}

export function recordingBotEvents(replyTo: (event: SubscriberEvent) => SubscriberReply | null = () => null): {
  events: ChannelEvents;
  recorded: RecordedBotEvents;
} {
  const recorded: RecordedBotEvents = { statuses: [], credentials: [], acks: [], inbound: [], subscribers: [] };
  const events: ChannelEvents = {
    status: (status, detail) => recorded.statuses.push({ status, ...detail }),
    qr: () => undefined,
    credentials: (serialized) => recorded.credentials.push(serialized),
    ack: (id, ack) => {
      recorded.acks.push({ id, ack });
    },
    inbound: (message) => {
      recorded.inbound.push(message);
    },
    subscriber: (event) => {
      recorded.subscribers.push(event);
      return Promise.resolve(replyTo(event));
    },
  };
  return { events, recorded };
}
