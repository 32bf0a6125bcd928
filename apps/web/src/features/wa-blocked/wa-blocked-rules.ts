import type { ChannelStatus } from '@salon/contract/accounts';
import type { Branch } from '../../shared/accounts/branch';

// SPEC 7: the wa_blocked info block is shown to a user at most this many times.
export const WA_BLOCKED_SHOW_LIMIT = 1;

// WhatsApp that worked and stopped: blocked by WhatsApp, dropped, or in error. A number never
// connected (or waiting for its QR) is the no-WhatsApp warning's business, and an unpaid one the
// payment page's.
const LOST: readonly ChannelStatus[] = ['blocked', 'drop', 'error'];

export function isWhatsAppLost(status: ChannelStatus): boolean {
  return LOST.includes(status);
}

// The WhatsApp-disable modal (SPEC 2 "Other elements"): once per user, over a branch page of a real
// branch whose WhatsApp was lost, until the user has seen the block WA_BLOCKED_SHOW_LIMIT times.
// `infoBlockCount` is null when the accounts answer did not count the block: then it never shows.
export function shouldShowWaBlocked(branch: Branch | null, infoBlockCount: number | null): boolean {
  if (!branch || branch.isSynthetic || infoBlockCount === null) return false;
  if (infoBlockCount >= WA_BLOCKED_SHOW_LIMIT) return false;
  return isWhatsAppLost(branch.statusWA);
}
