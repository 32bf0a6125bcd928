import type { PriorityChannelBody } from '@salon/contract/settings';
import { completeChannelOrder, PRIORITY_CHANNELS, type PriorityChannel } from '@salon/contract/settings-rules';

// SPEC 3 Channel priority: the ordered channels and the soft-priority flag.
export interface PriorityDraft {
  order: PriorityChannel[];
  soft: boolean;
}

const isChannel = (value: unknown): value is PriorityChannel =>
  typeof value === 'string' && (PRIORITY_CHANNELS as readonly string[]).includes(value);

const POSITION = new RegExp(`^[1-${PRIORITY_CHANNELS.length}]$`);

// A saved 3-channel order completed as the dispatcher's cascade completes it (contract rule).
export function completeOrder(listed: readonly PriorityChannel[]): PriorityChannel[] {
  return completeChannelOrder(listed, PRIORITY_CHANNELS, 'SMS');
}

// The wire keys positions "1".."5"; the user always orders all the channels.
export function toPriorityDraft(wire: PriorityChannelBody): PriorityDraft {
  const placed = Object.entries(wire)
    .filter(([key]) => POSITION.test(key))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, value]) => value)
    .filter(isChannel);
  return { order: completeOrder(placed), soft: wire.soft_priority };
}

export function toPriorityBody(draft: PriorityDraft): PriorityChannelBody {
  const body: PriorityChannelBody = { soft_priority: draft.soft };
  draft.order.forEach((channel, index) => {
    body[String(index + 1)] = channel;
  });
  return body;
}

// Moves the channel at `from` to `to` (both clamped to the list), keeping the others' order.
export function moveChannel(order: readonly PriorityChannel[], from: number, to: number): PriorityChannel[] {
  const next = [...order];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

// SPEC 6: the channel priority page is worth showing only when more than one channel has data.
export function hasPriorityChoice(available: readonly PriorityChannel[] | undefined): boolean {
  return (available?.length ?? 0) > 1;
}
