import { BOT_LINK_KINDS, type BotLinkKind } from '@salon/contract/bot-links';
import type { SandboxMessageWire } from '@salon/contract/dev-sandbox';

export const NETWORK_EVENTS = ['ban', 'drop', 'logout', 'unban'] as const;
export type NetworkEvent = (typeof NETWORK_EVENTS)[number];

// The sandbox's people (the server's sandbox rules, told on the page): which messengers a client
// number has, by its last digits.
export function reachOf(phone: string): { whatsapp: boolean; telegram: boolean } {
  if (phone.endsWith('0000')) return { whatsapp: false, telegram: false };
  if (phone.endsWith('0001')) return { whatsapp: false, telegram: true };
  if (phone.endsWith('0002')) return { whatsapp: true, telegram: false };
  return { whatsapp: true, telegram: true };
}

// A sandbox Telegram account whose phone ends in 2 asks for this two-step password.
export const SANDBOX_2FA_PASSWORD = 'sandbox';

export interface ClientThread {
  phone: string;
  name: string | null;
  // Newest first.
  messages: SandboxMessageWire[];
  lastAt: number;
}

const timeOf = (message: SandboxMessageWire) => {
  const t = Date.parse(message.created_at);
  return Number.isNaN(t) ? 0 : t;
};

// The log per client phone, the most recently active client first.
export function threadsByPhone(messages: readonly SandboxMessageWire[]): ClientThread[] {
  const threads = new Map<string, ClientThread>();
  for (const message of messages) {
    const thread = threads.get(message.phone) ?? { phone: message.phone, name: null, messages: [], lastAt: 0 };
    thread.messages.push(message);
    thread.lastAt = Math.max(thread.lastAt, timeOf(message));
    if (message.direction === 'from_client' && message.name) thread.name = message.name;
    threads.set(message.phone, thread);
  }
  return [...threads.values()]
    .map((thread) => ({
      ...thread,
      messages: [...thread.messages].sort((a, b) => timeOf(b) - timeOf(a) || b.id - a.id),
    }))
    .sort((a, b) => b.lastAt - a.lastAt);
}

export function isBotKind(kind: string): kind is BotLinkKind {
  return (BOT_LINK_KINDS as readonly string[]).includes(kind);
}

// The salon's bots a client's phone has talked with (each gets a "Stop bot" action), in a fixed order.
export function botKindsOf(thread: ClientThread): BotLinkKind[] {
  return BOT_LINK_KINDS.filter((kind) => thread.messages.some((m) => m.kind === kind));
}

// Pairing codes are typed as shown ("ABCD-2345") or without the dash; the server takes 8 or 9 characters.
export function normalizePairingInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^0-9A-Z-]/g, '')
    .slice(0, 9);
}

export function isPairingInputReady(value: string): boolean {
  return value.replace(/-/g, '').length === 8;
}

// Results of the sandbox calls: what went as asked, and what did not (an expired QR or code, an
// unknown one, a reply from a client nobody wrote to, a link to no bot of the branch, a contact
// shared with a bot the phone never started).
const RESULTS = {
  linked: 'success',
  sent: 'success',
  banned: 'success',
  dropped: 'success',
  logged_out: 'success',
  started: 'success',
  shared: 'success',
  stopped: 'success',
  expired: 'warning',
  unknown: 'warning',
  no_conversation: 'warning',
  unknown_bot: 'warning',
  not_started: 'warning',
  no_bot: 'warning',
} as const;
export type SandboxResult = keyof typeof RESULTS;

export function resultToast(result: string): { kind: 'success' | 'warning'; result: SandboxResult | null } {
  const known = result in RESULTS ? (result as SandboxResult) : null;
  return { kind: known ? RESULTS[known] : 'success', result: known };
}
