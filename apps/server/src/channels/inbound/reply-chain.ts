import type { InboundMessage } from '../channel.js';
import type { ChannelInstanceRow } from '../repository.js';

export interface ReplyContext {
  accId: number;
  instance: ChannelInstanceRow;
  message: InboundMessage;
}

// One link of the chain; 'handled' stops the chain (the message got its answer).
export interface ReplyHandler {
  name: string;
  handle(context: ReplyContext): Promise<'handled' | 'pass'>;
}

// The order incoming messages are offered in (ARCHITECTURE.md "How data flows" 4). Later features
// plug their handler into their slot; an empty slot is skipped.
export const REPLY_SLOTS = ['confirm_cancel', 'consent', 'review_rating', 'key_phrases', 'ai_admin'] as const;
export type ReplySlot = (typeof REPLY_SLOTS)[number];
// The handlers a module plugs in, by slot (a module factory's `replyHandlers`).
export type ReplyHandlers = Partial<Record<ReplySlot, ReplyHandler>>;

export class ReplyChain {
  readonly #handlers = new Map<ReplySlot, ReplyHandler>();

  use(slot: ReplySlot, handler: ReplyHandler): void {
    this.#handlers.set(slot, handler);
  }

  useAll(handlers: ReplyHandlers): void {
    for (const slot of REPLY_SLOTS) {
      const handler = handlers[slot];
      if (handler) this.use(slot, handler);
    }
  }

  async run(context: ReplyContext): Promise<string | null> {
    // The salon writing from its own phone is not a client asking: nothing answers it.
    if (context.message.fromSalon) return null;
    for (const slot of REPLY_SLOTS) {
      const handler = this.#handlers.get(slot);
      if (handler && (await handler.handle(context)) === 'handled') return handler.name;
    }
    return null;
  }
}
