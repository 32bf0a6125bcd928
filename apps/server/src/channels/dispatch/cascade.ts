import { completeChannelOrder } from '@salon/contract/settings-rules';
import { CHANNEL_KINDS, isBotKind, type ChannelKind } from '../channel.js';
import type { ReachFact } from './outbox-repository.js';

// A channel that once said "not here" (no WhatsApp account, the bot stopped) is tried again after
// this long: people install messengers and start bots again.
export const UNREACHABLE_FOR_MS = 30 * 86_400_000;

export interface CascadeInput {
  // The row's own channels (a reply on the channel it answers, a test on one channel), else the
  // branch's priority, else the default order.
  channels: string[] | null;
  channelOrder: string[] | null;
  softPriority: boolean | null;
  triedKinds: string[];
  reach: ReachFact[];
}

function isKind(value: string): value is ChannelKind {
  return (CHANNEL_KINDS as readonly string[]).includes(value);
}

// A priority saved before the bot channels existed lists three kinds: completed by the contract's
// rule, which the priority page shows too (the bots before SMS when SMS was last).
export function withAllKinds(order: readonly ChannelKind[]): ChannelKind[] {
  return completeChannelOrder(order, CHANNEL_KINDS, 'sms');
}

// The channels to try for one message, in order: the priority list without the channels already
// tried, without those the client is known not to be on, and without bots the client never opted
// in to; under soft priority the channel that last delivered to this client goes first.
export function cascadeOrder(
  input: CascadeInput,
  now: Date,
): { order: ChannelKind[]; skipped: ChannelKind[]; addresses: Map<ChannelKind, string> } {
  const pinned = input.channels !== null;
  const base = (input.channels ?? input.channelOrder ?? [...CHANNEL_KINDS]).filter(isKind);
  const candidates = (pinned ? base : withAllKinds(base)).filter((k) => !input.triedKinds.includes(k));
  const facts = new Map(input.reach.map((f) => [f.kind, f]));
  const addresses = new Map<ChannelKind, string>();
  const order: ChannelKind[] = [];
  const skipped: ChannelKind[] = [];
  for (const kind of candidates) {
    const fact = facts.get(kind);
    if (isBotKind(kind)) {
      if (fact?.state === 'linked' && fact.address) {
        addresses.set(kind, fact.address);
        order.push(kind);
      } else skipped.push(kind);
      continue;
    }
    const stillUnreachable =
      fact?.state === 'unreachable' && now.getTime() - Date.parse(fact.updatedAt) < UNREACHABLE_FOR_MS;
    (stillUnreachable ? skipped : order).push(kind);
  }
  if (input.softPriority && !pinned) {
    const last = input.reach
      .filter((f) => f.lastDeliveredAt && f.state === 'linked' && order.includes(f.kind as ChannelKind))
      .sort((a, b) => Date.parse(b.lastDeliveredAt!) - Date.parse(a.lastDeliveredAt!))[0];
    if (last) {
      const kind = last.kind as ChannelKind;
      order.splice(order.indexOf(kind), 1);
      order.unshift(kind);
    }
  }
  return { order, skipped, addresses };
}
