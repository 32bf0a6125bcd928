import { useReducer } from 'react';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { useNow } from '../../../shared/lib/use-now';
import { safeTimeZone } from '../mailing-time-rules';
import {
  initialState,
  newMailingReducer,
  stepProblems,
  type NewMailingAction,
  type NewMailingState,
  type StepIndex,
  type StepProblems,
} from '../new-mailing-state';

// Re-read often enough that a start picked a few minutes ahead turns "in the past" when it passes.
const CLOCK_MS = 30_000;

export interface NewMailing {
  state: NewMailingState;
  dispatch: (action: NewMailingAction) => void;
  problems: StepProblems;
  goTo: (step: StepIndex) => void;
  timeZone: string;
  now: number;
}

// The wizard's state on the branch's clocks (SPEC 9: times are the branch's).
export function useNewMailing(): NewMailing {
  const branch = useCurrentBranch();
  const timeZone = safeTimeZone(branch?.timeZone);
  const now = useNow(CLOCK_MS);
  const [state, dispatch] = useReducer(newMailingReducer, null, () => initialState(Date.now(), timeZone));
  return {
    state,
    dispatch,
    problems: stepProblems(state, now, timeZone),
    goTo: (step) => dispatch({ type: 'step', step, now: Date.now(), timeZone }),
    timeZone,
    now,
  };
}
