import { AI_CHAT_TEXT_MAX } from '@salon/contract/ai-chat';
import { zonedInstant } from '../../../shared/lib/datetime';

export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  // An IME still composing a word: its Enter picks the word, it does not send.
  isComposing?: boolean;
}

// Enter sends, Shift+Enter starts a new line (the textarea's own behaviour).
export function composerKeyAction(event: ComposerKey): 'send' | 'none' {
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return 'none';
  return 'send';
}

export function canSendText(text: string, pending: boolean): boolean {
  return !pending && text.trim() !== '' && text.length <= AI_CHAT_TEXT_MAX;
}

// The pretend client's number as the contract takes it: 10 to 15 digits, or none (the default).
export function pretendPhone(digits: string): { ok: true; phone: string | undefined } | { ok: false } {
  if (digits === '') return { ok: true, phone: undefined };
  return /^\d{10,15}$/.test(digits) ? { ok: true, phone: digits } : { ok: false };
}

// The pretend "now" typed as the branch's wall time ('YYYY-MM-DDTHH:MM') as the instant the server
// takes (business_time); none when the field is empty or incomplete.
export function pretendInstant(wall: string, timeZone: string): string | undefined {
  if (wall.length < 16) return undefined;
  const ms = zonedInstant(wall.slice(0, 10), wall.slice(11, 16), timeZone);
  return ms === null ? undefined : new Date(ms).toISOString();
}
