import type { EventKind } from '@salon/contract/templates-rules';
import type { CrmRecord } from './crm.js';

// The record event kinds a change implies (SPEC 3 Event kinds). YCLIENTS only says create, update
// or delete; paid, canceled and done are read from what changed (INTEGRATIONS.md). Comparing with
// the stored snapshot, not trusting the webhook's status, makes a replayed or reordered event imply
// nothing new.
export function deriveRecordKinds(prev: CrmRecord | null, next: CrmRecord | null): EventKind[] {
  if (!next) return prev && !prev.deleted ? ['record_delete'] : [];
  if (!prev) {
    if (next.deleted) return [];
    const kinds: EventKind[] = ['record_create'];
    if (next.paid) kinds.push('record_paid');
    if (next.attendance === 1) kinds.push('record_done');
    return kinds;
  }
  if (!prev.deleted && next.deleted) return ['record_delete'];
  if (next.deleted) return [];
  const kinds: EventKind[] = [];
  if (changedMaterially(prev, next)) kinds.push('record_update');
  if (!prev.paid && next.paid) kinds.push('record_paid');
  if (prev.attendance !== -1 && next.attendance === -1) kinds.push('record_canceled');
  if (prev.attendance !== 1 && next.attendance === 1) kinds.push('record_done');
  return kinds;
}

function changedMaterially(a: CrmRecord, b: CrmRecord): boolean {
  return (
    a.startsAt.getTime() !== b.startsAt.getTime() ||
    a.lengthSec !== b.lengthSec ||
    a.staffId !== b.staffId ||
    a.attendance !== b.attendance ||
    a.clientId !== b.clientId ||
    a.clientPhone !== b.clientPhone ||
    a.comment !== b.comment ||
    canonical(a.services) !== canonical(b.services) ||
    canonical(a.goods) !== canonical(b.goods) ||
    JSON.stringify([...a.labels].sort()) !== JSON.stringify([...b.labels].sort())
  );
}

// Stored JSON (jsonb) comes back with its keys reordered: compare lines by their sorted keys.
function canonical(items: readonly object[]): string {
  return JSON.stringify(
    items.map((item) => Object.fromEntries(Object.entries(item).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))),
  );
}
