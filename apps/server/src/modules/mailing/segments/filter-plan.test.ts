import { describe, expect, it } from 'vitest';
import type { ClientCondition, RecordCondition, SentEarlierCondition } from '@salon/contract/mailing-segments';
import { planSearch } from './filter-plan.js';

const women: ClientCondition = { type: 'client', gender: [2] };
const staff: RecordCondition = { type: 'record', staff: ['3'] };
const sentMarch: SentEarlierCondition = {
  type: 'sent_earlier',
  period: { from: '2026-03-01', to: '2026-03-31' },
  got: false,
};

describe('a segment as CRM searches and send-out checks', () => {
  it('AND: one search of every CRM part, every check on its clients', () => {
    expect(planSearch('AND', [{ ...women, isGotSendOuts: true }, staff, sentMarch])).toEqual([
      {
        crm: { operation: 'AND', conditions: [women, staff] },
        checks: [
          { kind: 'ever', got: true },
          { kind: 'between', from: '2026-03-01', to: '2026-03-31', got: false },
        ],
      },
    ]);
  });

  it('OR without checks: one search, the CRM joins the conditions', () => {
    expect(planSearch('OR', [women, staff])).toEqual([
      { crm: { operation: 'OR', conditions: [women, staff] }, checks: [] },
    ]);
  });

  it('OR with checks: one search per condition, its checks with it; a check alone searches everyone', () => {
    expect(planSearch('OR', [{ ...women, isGotSendOuts: false }, staff, sentMarch])).toEqual([
      { crm: { operation: 'AND', conditions: [women] }, checks: [{ kind: 'ever', got: false }] },
      { crm: { operation: 'AND', conditions: [staff] }, checks: [] },
      {
        crm: { operation: 'AND', conditions: [] },
        checks: [{ kind: 'between', from: '2026-03-01', to: '2026-03-31', got: false }],
      },
    ]);
  });

  it('no conditions: every client', () => {
    expect(planSearch('AND', [])).toEqual([{ crm: { operation: 'AND', conditions: [] }, checks: [] }]);
    expect(planSearch('OR', [])).toEqual([{ crm: { operation: 'OR', conditions: [] }, checks: [] }]);
  });
});
