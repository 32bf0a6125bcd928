import { roundUpToStep } from '@salon/contract/mailing-plan-rules';

// The start a launch request means (SPEC 4: immediate by default, or scheduled). A scheduled time
// is put on SPEC 9's 5-minute step (rounded up, so it never moves into the past); an immediate
// launch starts now, and the plan waits for the sending window when it is closed. /allowed_to_run
// and /start_sendout both judge this instant, so a check that passed is the start that runs.
export function launchStart(delay: boolean, at: Date | null, now: Date): Date {
  if (!delay || !at) return now;
  return new Date(roundUpToStep(at.getTime()));
}
