import { phoneJid } from './jid.js';

export interface Recipient {
  exists: boolean;
  // The address WhatsApp answered with; for some countries it differs from the dialled digits
  // (Brazilian mobile numbers with or without the extra 9).
  jid: string;
}

export type WhatsappLookup = (jid: string) => Promise<{ jid: string; exists: boolean }[] | undefined>;

const FOUND_TTL_MS = 24 * 60 * 60_000;
// Shorter: a client may install WhatsApp after the first reminder fell back to SMS.
const MISSING_TTL_MS = 60 * 60_000;
const CAPACITY = 20_000;

// Remembers who has WhatsApp. Every onWhatsApp call is a query to WhatsApp's servers, and an account
// that looks numbers up in bulk is one more signal for their spam heuristics.
export class RecipientDirectory {
  readonly #now: () => Date;
  readonly #entries = new Map<string, { recipient: Recipient; until: number }>();

  constructor(now: () => Date) {
    this.#now = now;
  }

  async lookup(phone: string, query: WhatsappLookup): Promise<Recipient> {
    const nowMs = this.#now().getTime();
    const cached = this.#entries.get(phone);
    if (cached && cached.until > nowMs) return cached.recipient;
    const requested = phoneJid(phone);
    const found = (await query(requested))?.find((entry) => entry.exists);
    const recipient: Recipient = found ? { exists: true, jid: found.jid } : { exists: false, jid: requested };
    this.#entries.delete(phone);
    this.#entries.set(phone, { recipient, until: nowMs + (found ? FOUND_TTL_MS : MISSING_TTL_MS) });
    if (this.#entries.size > CAPACITY) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return recipient;
  }
}
