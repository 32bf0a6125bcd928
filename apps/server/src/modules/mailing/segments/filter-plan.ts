import type { SegmentCondition, SegmentOperation } from '@salon/contract/mailing-segments';
import type { CrmClientSearch, CrmSearchCondition } from '../../../crm/crm.js';

// Whether a client got a send-out of this branch: ever (the client filter isGotSendOuts), or
// between two days of the branch's calendar (the 'sent earlier' filter).
export type SentCheck = { kind: 'ever'; got: boolean } | { kind: 'between'; from: string; to: string; got: boolean };

// One CRM search and the send-out checks its clients must also pass.
export interface SearchRun {
  crm: CrmClientSearch;
  checks: SentCheck[];
}

// Splits a condition into what the CRM evaluates and what only our send-outs know.
function split(condition: SegmentCondition): { crm: CrmSearchCondition | null; checks: SentCheck[] } {
  if (condition.type === 'sent_earlier') {
    return {
      crm: null,
      checks: [{ kind: 'between', from: condition.period.from, to: condition.period.to, got: condition.got }],
    };
  }
  if (condition.type !== 'client') return { crm: condition, checks: [] };
  const { isGotSendOuts, ...crm } = condition;
  return {
    crm,
    checks: isGotSendOuts === null || isGotSendOuts === undefined ? [] : [{ kind: 'ever', got: isGotSendOuts }],
  };
}

// The searches a segment takes. AND: one search of every CRM part, whose clients must pass every
// check. OR without checks: one search, the CRM joins the conditions. OR with checks: a condition's
// CRM part and its checks belong together, so each condition is its own search (a condition with
// no CRM part searches every client) and the caller joins their clients.
export function planSearch(operation: SegmentOperation, conditions: readonly SegmentCondition[]): SearchRun[] {
  const parts = conditions.map(split);
  const crmOf = (list: typeof parts) => list.flatMap((p) => (p.crm ? [p.crm] : []));
  if (operation === 'AND') {
    return [{ crm: { operation: 'AND', conditions: crmOf(parts) }, checks: parts.flatMap((p) => p.checks) }];
  }
  if (parts.every((p) => p.checks.length === 0))
    return [{ crm: { operation: 'OR', conditions: crmOf(parts) }, checks: [] }];
  return parts.map((p) => ({ crm: { operation: 'AND', conditions: crmOf([p]) }, checks: p.checks }));
}
