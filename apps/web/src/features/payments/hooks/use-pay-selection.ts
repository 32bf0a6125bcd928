import { useReducer } from 'react';
import type { PayModule } from '@salon/contract/payments';
import { initialSelection, nextSelection, type PaySelection, type PaySelectionEvent } from '../pay-selection';

// The card and modules chosen on /pay; it starts from the branch's active modules.
export function usePaySelection(active: readonly PayModule[]) {
  return useReducer(
    (state: PaySelection, event: PaySelectionEvent) => nextSelection(state, event, active),
    active,
    initialSelection,
  );
}
