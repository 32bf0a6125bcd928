// Zod-free half of consents.ts (SPEC 3 Consent entry, SPEC 4 Consent), so the cabinet's list can
// use the rules without the schemas. consents.ts re-exports everything here.

// SPEC 3: a client's consent to messages; the statuses the cabinet shows.
export const CONSENT_STATUSES = ['consent', 'declined', 'await', 'neutral'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

// The statuses a person may set by hand: 'await' only means "a consent question went out and the
// client has not answered", which only the template engine knows.
export const SETTABLE_CONSENT_STATUSES = ['consent', 'declined', 'neutral'] as const satisfies readonly ConsentStatus[];
export type SettableConsentStatus = (typeof SETTABLE_CONSENT_STATUSES)[number];

// SPEC 3 "Change sources": what a changelog entry records.
export const CONSENT_ACTIONS = [
  'change_comment',
  'change_consent',
  'crm_creation',
  'manual_creation',
  'user_answered',
  'template_creation',
] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

// The changes a PATCH /sendout_consent may ask for (SPEC 4: only those that changed).
export const CONSENT_PATCH_ACTIONS = ['change_consent', 'change_comment'] as const;
export type ConsentPatchAction = (typeof CONSENT_PATCH_ACTIONS)[number];

// SPEC 5: the comment's limit is "a shared constant (not shown)"; the client's text is cut to the
// same length by the template engine.
export const CONSENT_COMMENT_MAX = 500;
export const CONSENT_CLIENT_TEXT_MAX = 500;
// SPEC 9: consent page 50.
export const CONSENT_PAGE_SIZE = 50;
export const CONSENT_PAGE_SIZE_MAX = 200;
export const CONSENT_SEARCH_MAX = 15;

// Status texts of the consent calls; the cabinet maps them to its toasts (SPEC 8 Consents).
export const CONSENT_STATUS = {
  added: 'number added',
  alreadyAdded: 'number already added',
  updated: 'status changed',
  notFound: 'number not found',
  // A PATCH without actions, or whose actions change nothing.
  nothingToChange: 'nothing to change',
  // An xlsx export with none of the three flags.
  noStatusSelected: 'no status selected',
  sentToTelegram: 'SENT_TO_TELEGRAM',
  // The admin bot could not write to the user (most often: they never pressed Start).
  noAdminBot: 'NO_ADMIN_BOT',
} as const;

// SPEC 4: declined, await (active without a reply), consent, neutral (not active, no reply).
export function consentStatusOf(active: boolean, consent: boolean | null): ConsentStatus {
  if (consent === true) return 'consent';
  if (consent === false) return 'declined';
  return active ? 'await' : 'neutral';
}

// SPEC 4: sent to the server as true for consent, false for declined, null otherwise.
export function consentValueOf(status: ConsentStatus): boolean | null {
  if (status === 'consent') return true;
  if (status === 'declined') return false;
  return null;
}

// The stored state a status set by hand (or on adding a number) stands for: an answer makes the
// entry active; no answer is neutral.
export function manualConsentState(consent: boolean | null): { active: boolean; consent: boolean | null } {
  return { active: consent !== null, consent };
}

// Comments are compared and stored trimmed; an empty one is no comment.
export function normalizeConsentComment(comment: string | null | undefined): string | null {
  const trimmed = (comment ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

export interface ConsentPatchWire {
  actions: ConsentPatchAction[];
  request: { phone: string; consent?: boolean | null; comment?: string | null };
}

// SPEC 4: only the actions that changed are sent, and nothing at all when neither changed.
export function buildConsentPatch(
  current: { phone: string; active: boolean; consent: boolean | null; comment: string | null },
  next: { status?: SettableConsentStatus; comment?: string | null },
): ConsentPatchWire | null {
  const actions: ConsentPatchAction[] = [];
  const request: ConsentPatchWire['request'] = { phone: current.phone };
  if (next.status !== undefined && next.status !== consentStatusOf(current.active, current.consent)) {
    actions.push('change_consent');
    request.consent = consentValueOf(next.status);
  }
  if (next.comment !== undefined) {
    const comment = normalizeConsentComment(next.comment);
    if (comment !== normalizeConsentComment(current.comment)) {
      actions.push('change_comment');
      request.comment = comment;
    }
  }
  return actions.length === 0 ? null : { actions, request };
}
