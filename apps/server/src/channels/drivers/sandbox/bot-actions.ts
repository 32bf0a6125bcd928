import { createHash } from 'node:crypto';

// What a sandbox phone did on a bot, as its message's `meta` records it (schema.ts).
export type BotAction =
  { type: 'start'; token: string | null } | { type: 'contact'; phone: string } | { type: 'stopped' } | null;

export function botActionOf(meta: unknown): BotAction {
  if (!meta || typeof meta !== 'object') return null;
  const m = meta as Record<string, unknown>;
  if ('start' in m) return { type: 'start', token: typeof m.start === 'string' ? m.start : null };
  if (typeof m.contact === 'string') return { type: 'contact', phone: m.contact };
  if (m.stopped === true) return { type: 'stopped' };
  return null;
}

// Where a phone stands with a bot after its actions (oldest first). A stop blocks the bot until the
// next Start; the chat and the shared contact survive it, as in the messengers.
export function botSubscription(actions: readonly BotAction[]): { started: boolean; shared: boolean } {
  let started = false;
  let shared = false;
  for (const action of actions) {
    if (action?.type === 'start') started = true;
    else if (action?.type === 'contact' && started) shared = true;
    else if (action?.type === 'stopped') started = false;
  }
  return { started, shared };
}

export function isAskingContact(meta: unknown): boolean {
  return !!meta && typeof meta === 'object' && (meta as Record<string, unknown>).askContact === true;
}

// The sandbox bot's username, the same for the same token (what getMe / GET /me would answer).
export function botUsername(token: string): string {
  return `salon_${createHash('sha256').update(token).digest('hex').slice(0, 6)}_bot`;
}
