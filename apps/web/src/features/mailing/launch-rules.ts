import type { AllowedToRunQuery } from '@salon/contract/mailing-plan';
import type { z } from 'zod';
import type { startSendoutFields, testSendoutFields } from '@salon/contract/mailing-sendouts';
import { fromWallTime } from './mailing-time-rules';
import { isTestPhone } from './message-rules';
import { shownCount, type MediaDraft, type NewMailingState } from './new-mailing-state';

// Step 3 "Test and launch": what the /allowed_to_run check, /start_sendout and /test_sendout get.

export type StartSendoutInput = z.input<typeof startSendoutFields>;
export type TestSendoutInput = z.input<typeof testSendoutFields>;

export interface StartRequest {
  fields: StartSendoutInput;
  media: MediaDraft | null;
}

// The instant a launch asks for: the picked start when scheduled, null when immediate (SPEC 4).
export function scheduledStart(state: NewMailingState, timeZone: string): number | null {
  return state.mode === 'scheduled' ? fromWallTime(state.start, timeZone) : null;
}

// SPEC 7 /start_sendout form; null until there is a list and a valid start to send.
export function startRequest(state: NewMailingState, timeZone: string): StartRequest | null {
  const parsed = state.parsed;
  if (!parsed) return null;
  const start = scheduledStart(state, timeZone);
  if (state.mode === 'scheduled' && start === null) return null;
  const fields: StartSendoutInput = {
    sendout_id: parsed.sendout_id,
    text: state.text,
    count: shownCount(state),
    sendout_batch_len: parsed.sendout_batch_len,
    time_to_msk: parsed.time_to_msk,
    delay: start !== null,
    consent_true: state.consent.consentTrue,
    consent_neutral: state.consent.consentNeutral,
    between_time: state.betweenTime,
  };
  if (parsed.instance_id !== null) fields.instance_id = parsed.instance_id;
  if (parsed.visits_median !== null) fields.visits_median = parsed.visits_median;
  if (parsed.last_visit_time_median !== null) fields.last_visit_time_median = parsed.last_visit_time_median;
  if (start !== null) fields.time_start = new Date(start).toISOString();
  if (state.loyaltyActionId !== null) fields.loyalty_action_id = state.loyaltyActionId;
  return { fields, media: state.media };
}

// SPEC 7 /allowed_to_run for the launch as it stands. null when it cannot be asked: no list or no
// recipients, a start that is not a date, or no connected number (the check needs an instance id;
// the server's start checks the same rules then).
export function allowedToRunQuery(state: NewMailingState, timeZone: string): AllowedToRunQuery | null {
  const parsed = state.parsed;
  const count = shownCount(state);
  if (!parsed || parsed.instance_id === null || count === 0) return null;
  // An immediate launch is checked for "now" by the server, which ignores the date then; the picked
  // start is sent anyway so the check's key does not change every second.
  const at = fromWallTime(state.start, timeZone);
  if (at === null) return null;
  return {
    date: new Date(at).toISOString(),
    instance_id: parsed.instance_id,
    batch_len: parsed.sendout_batch_len,
    count,
    time_to_msk: parsed.time_to_msk,
    between_time: state.betweenTime,
    delay: state.mode === 'scheduled',
  };
}

// SPEC 7 /test_sendout: the text, the sample's key values as JSON, the draft and the phone.
export function testRequest(
  state: NewMailingState,
  phone: string,
  values: Readonly<Record<string, string>>,
): { fields: TestSendoutInput; media: MediaDraft | null } | null {
  if (state.text.trim() === '' || !isTestPhone(phone)) return null;
  const fields: TestSendoutInput = { text: state.text, phone, keys: JSON.stringify({ ...values, phone }) };
  if (state.parsed) fields.sendout_id = state.parsed.sendout_id;
  return { fields, media: state.media };
}
