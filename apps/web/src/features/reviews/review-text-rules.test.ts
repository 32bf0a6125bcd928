import { describe, expect, it } from 'vitest';
import { RECORD_VARIABLES } from '@salon/contract/templates-rules';
import { insertAtCaret, REVIEW_VARIABLES } from './review-text-rules';

describe('review text', () => {
  it('offers only record variables, the review link among them', () => {
    for (const variable of REVIEW_VARIABLES) expect(RECORD_VARIABLES).toContain(variable);
    expect(REVIEW_VARIABLES).toContain('review_link');
  });

  it('inserts over the selection, or at the end without one', () => {
    expect(insertAtCaret('Hello !', '{name}', 6, 6)).toEqual({ text: 'Hello {name}!', caret: 12 });
    expect(insertAtCaret('Hello XX', '{name}', 6, 8)).toEqual({ text: 'Hello {name}', caret: 12 });
    expect(insertAtCaret('Hi', '{name}', null, null)).toEqual({ text: 'Hi{name}', caret: 8 });
  });
});
