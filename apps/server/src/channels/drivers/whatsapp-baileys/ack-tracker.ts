import { proto } from '@whiskeysockets/baileys';
import type { Ack } from '../../channel.js';

const Status = proto.WebMessageInfo.Status;
const RANK: Record<Ack, number> = { failed: 0, server: 1, delivered: 2, read: 3 };

// Only DELIVERY_ACK counts as delivered: gateways that call a server ack "delivered" report messages
// that never reached the phone. PENDING says nothing new.
export function ackOf(status: proto.WebMessageInfo.Status | null | undefined): Ack | null {
  switch (status) {
    case Status.SERVER_ACK:
      return 'server';
    case Status.DELIVERY_ACK:
      return 'delivered';
    case Status.READ:
    case Status.PLAYED:
      return 'read';
    case Status.ERROR:
      return 'failed';
    default:
      return null;
  }
}

// Acks arrive out of order (a read receipt before the delivery receipt, a repeated server ack after a
// reconnect). The tracker lets through only those that raise a message's status; 'failed' counts only
// before delivery and ends the message. It remembers the newest `capacity` messages.
export class AckTracker {
  readonly #capacity: number;
  readonly #acks = new Map<string, Ack>();

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  raise(messageId: string, ack: Ack): boolean {
    const previous = this.#acks.get(messageId);
    if (previous === 'failed') return false;
    if (previous !== undefined) {
      const lower = ack === 'failed' ? RANK[previous] >= RANK.delivered : RANK[ack] <= RANK[previous];
      if (lower) return false;
    }
    this.#acks.delete(messageId);
    this.#acks.set(messageId, ack);
    if (this.#acks.size > this.#capacity) {
      const oldest = this.#acks.keys().next().value;
      if (oldest !== undefined) this.#acks.delete(oldest);
    }
    return true;
  }
}
