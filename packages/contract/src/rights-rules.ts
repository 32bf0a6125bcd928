// Zod-free half of rights.ts, so light web code (the route guards in the login bundle) can use
// the rights rules without pulling in zod. rights.ts re-exports everything here.

// SPEC 3 Rights. 'all' is a shorthand a client may send; the server stores it expanded.
export const RIGHTS = [
  'all',
  'owner',
  'support',
  'manage_wapp',
  'sendouts',
  'translation_switch',
  'edit_templates',
  'hide_translation_phones',
  'notify',
  'consultant',
] as const;
export type Right = (typeof RIGHTS)[number];

// The rights an owner can hand to an admin on /accesses (SPEC 6 "Admin accesses").
export const GRANTABLE_RIGHTS = [
  'owner',
  'support',
  'sendouts',
  'manage_wapp',
  'edit_templates',
  'translation_switch',
  'hide_translation_phones',
  'notify',
] as const satisfies readonly Right[];

export function expandRights(rights: readonly string[]): Right[] {
  if (rights.includes('all')) return [...GRANTABLE_RIGHTS];
  const known = new Set<string>(RIGHTS);
  return [...new Set(rights)].filter((r): r is Right => known.has(r) && r !== 'all');
}

// SPEC 3 Branch: isOwner is "rights include owner or support".
export function isOwner(rights: readonly string[]): boolean {
  return rights.includes('owner') || rights.includes('support') || rights.includes('all');
}

// What a screen or a call needs. Each guard is "owner/support, or one of these rights".
export const GUARDS = {
  connection: ['manage_wapp'],
  mailing: ['sendouts'],
  settings: ['translation_switch'],
  accesses: [],
  editTemplates: ['edit_templates'],
  systemMessages: [],
  // Any right on the branch: pages every member of a branch may open.
  member: null,
} as const satisfies Record<string, readonly Right[] | null>;
export type Guard = keyof typeof GUARDS;

export function allows(rights: readonly string[], guard: Guard): boolean {
  const needed = GUARDS[guard];
  if (needed === null) return true;
  if (isOwner(rights)) return true;
  return needed.some((r) => rights.includes(r));
}
