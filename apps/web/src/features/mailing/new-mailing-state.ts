import { DEFAULT_BETWEEN_TIME, isBetweenTimeAllowed } from '@salon/contract/mailing-plan-rules';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import {
  defaultStartMs,
  launchDefaults,
  snapTime,
  startProblem,
  toWallTime,
  type LaunchMode,
  type StartProblem,
  type WallTime,
} from './mailing-time-rules';
import { clampBetweenTime, MAILING_TEXT_MAX, messageKeys, unknownKeys, withoutParentLink } from './message-rules';
import {
  DEFAULT_CONSENT_CHOICE,
  DEFAULT_SOURCE,
  recipientCount,
  type ConsentChoice,
  type RecipientSource,
} from './recipients-rules';

// The state of /mailing/new across its three steps (SPEC 2: Recipients, Contents, Test and launch)
// and the SPEC 4 transitions between them, as a pure reducer.

export const STEPS = ['recipients', 'contents', 'launch'] as const;
export type StepIndex = 0 | 1 | 2;

export interface MediaDraft {
  file: Blob;
  name: string;
  size: number;
}

export interface NewMailingState {
  step: StepIndex;
  source: RecipientSource;
  // The list being read or read (XLSX source).
  fileName: string | null;
  parsed: ParsedClientFile | null;
  // SPEC 8: 'Файл пустой' / 'Нет контактов' — the "clients not found" callout is showing.
  clientsNotFound: boolean;
  consent: ConsentChoice;
  text: string;
  media: MediaDraft | null;
  loyaltyActionId: string | null;
  betweenTime: number;
  mode: LaunchMode;
  start: WallTime;
  // The start before the calendar opened: cancelling brings it back (SPEC 4 Calendar).
  calendarSaved: WallTime | null;
}

export type NewMailingAction =
  | { type: 'source'; source: RecipientSource }
  | { type: 'fileChosen'; fileName: string }
  | { type: 'parsed'; answer: ParsedClientFile; now: number; timeZone: string }
  | { type: 'clientsNotFound' }
  | { type: 'listCleared' }
  | { type: 'consent'; choice: Partial<ConsentChoice> }
  | { type: 'text'; text: string }
  | { type: 'media'; media: MediaDraft | null }
  | { type: 'loyaltyAction'; id: string | null }
  | { type: 'betweenTime'; value: string | number }
  | { type: 'mode'; mode: LaunchMode }
  | { type: 'startDate'; date: string }
  | { type: 'startTime'; time: string }
  | { type: 'calendarOpen' }
  | { type: 'calendarPick'; day: string }
  | { type: 'calendarConfirm' }
  | { type: 'calendarCancel' }
  | { type: 'step'; step: StepIndex; now: number; timeZone: string };

export function initialState(now: number, timeZone: string): NewMailingState {
  return {
    step: 0,
    source: DEFAULT_SOURCE,
    fileName: null,
    parsed: null,
    clientsNotFound: false,
    consent: DEFAULT_CONSENT_CHOICE,
    text: '',
    media: null,
    loyaltyActionId: null,
    betweenTime: DEFAULT_BETWEEN_TIME,
    mode: 'immediate',
    start: toWallTime(defaultStartMs(now), timeZone),
    calendarSaved: null,
  };
}

const withoutList = (state: NewMailingState): NewMailingState => ({
  ...state,
  step: 0,
  fileName: null,
  parsed: null,
  clientsNotFound: false,
  consent: DEFAULT_CONSENT_CHOICE,
});

export function newMailingReducer(state: NewMailingState, action: NewMailingAction): NewMailingState {
  switch (action.type) {
    case 'source':
      // Another source means another list: what was read no longer applies.
      return action.source === state.source ? state : { ...withoutList(state), source: action.source };
    case 'fileChosen':
      return { ...withoutList(state), fileName: action.fileName };
    case 'parsed': {
      // SPEC 4: parse success shows the parsed info and sets the default start to the allowed start.
      const defaults = launchDefaults(action.answer, action.now, action.timeZone);
      return {
        ...state,
        parsed: action.answer,
        clientsNotFound: false,
        consent: DEFAULT_CONSENT_CHOICE,
        betweenTime: clampBetweenTime(action.answer.between_time, DEFAULT_BETWEEN_TIME),
        mode: defaults.mode,
        start: defaults.start,
        calendarSaved: null,
      };
    }
    case 'clientsNotFound':
      return { ...withoutList(state), clientsNotFound: true };
    case 'listCleared':
      return withoutList(state);
    case 'consent':
      return { ...state, consent: { ...state.consent, ...action.choice } };
    case 'text':
      return { ...state, text: action.text };
    case 'media':
      return { ...state, media: action.media };
    case 'loyaltyAction':
      return {
        ...state,
        loyaltyActionId: action.id,
        text: action.id === null ? withoutParentLink(state.text) : state.text,
      };
    case 'betweenTime':
      return { ...state, betweenTime: clampBetweenTime(action.value, state.betweenTime) };
    case 'mode':
      return { ...state, mode: action.mode };
    case 'startDate':
      return { ...state, start: { ...state.start, date: action.date } };
    case 'startTime':
      return { ...state, start: { ...state.start, time: snapTime(action.time) } };
    case 'calendarOpen':
      return { ...state, mode: 'scheduled', calendarSaved: state.start };
    case 'calendarPick':
      return { ...state, start: { ...state.start, date: action.day } };
    case 'calendarConfirm':
      // SPEC 4: confirming keeps the chosen date and time.
      return { ...state, calendarSaved: null };
    case 'calendarCancel':
      // SPEC 4: cancelling restores the previous ones.
      return state.calendarSaved === null ? state : { ...state, start: state.calendarSaved, calendarSaved: null };
    case 'step':
      return canOpenStep(action.step, stepProblems(state, action.now, action.timeZone))
        ? { ...state, step: action.step }
        : state;
  }
}

export type RecipientsProblem = 'noList' | 'noRecipients';
export type ContentsProblem = 'emptyText' | 'tooLong' | 'unknownKeys' | 'betweenTime';

export interface StepProblems {
  recipients: RecipientsProblem | null;
  contents: ContentsProblem | null;
  launch: StartProblem | null;
}

export function shownCount(state: Pick<NewMailingState, 'parsed' | 'consent'>): number {
  return state.parsed ? recipientCount(state.parsed.consent, state.consent) : 0;
}

export function stepProblems(state: NewMailingState, now: number, timeZone: string): StepProblems {
  let recipients: RecipientsProblem | null = null;
  if (!state.parsed) recipients = 'noList';
  else if (shownCount(state) === 0) recipients = 'noRecipients';

  let contents: ContentsProblem | null = null;
  if (state.text.trim() === '') contents = 'emptyText';
  else if (state.text.length > MAILING_TEXT_MAX) contents = 'tooLong';
  else if (unknownKeys(state.text, messageKeys(state.parsed?.keys ?? [], state.loyaltyActionId)).length > 0)
    contents = 'unknownKeys';
  else if (!isBetweenTimeAllowed(state.betweenTime)) contents = 'betweenTime';

  const launch = state.mode === 'scheduled' ? startProblem(state.start, timeZone, now) : null;
  return { recipients, contents, launch };
}

// A step opens when every step before it is done; going back is always allowed.
export function canOpenStep(step: StepIndex, problems: StepProblems): boolean {
  if (step >= 1 && problems.recipients !== null) return false;
  if (step >= 2 && problems.contents !== null) return false;
  return true;
}

export function canLaunch(problems: StepProblems): boolean {
  return problems.recipients === null && problems.contents === null && problems.launch === null;
}
