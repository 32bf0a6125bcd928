import { describe, expect, it } from 'vitest';
import { MAX_BETWEEN_TIME } from '@salon/contract/mailing-plan-rules';
import { parsedFixture } from './mailing-test-fixtures';
import {
  canLaunch,
  canOpenStep,
  initialState,
  newMailingReducer,
  shownCount,
  stepProblems,
  type NewMailingAction,
  type NewMailingState,
} from './new-mailing-state';

const NOW = Date.parse('2026-03-10T06:02:00.000Z');
const TZ = 'Asia/Yekaterinburg';

const run = (actions: NewMailingAction[], from: NewMailingState = initialState(NOW, TZ)) =>
  actions.reduce(newMailingReducer, from);
const parsed = (overrides = {}) =>
  ({ type: 'parsed', answer: parsedFixture(overrides), now: NOW, timeZone: TZ }) as const;

describe('initial state', () => {
  it('takes the XLSX source, an immediate launch, 10 s between messages and a start about an hour ahead', () => {
    const state = initialState(NOW, TZ);
    expect(state).toMatchObject({ step: 0, source: 'xlsx', mode: 'immediate', betweenTime: 10 });
    expect(state.start).toEqual({ date: '2026-03-10', time: '12:05' });
  });
});

describe('recipients', () => {
  it('parse success shows the list and sets the start to the allowed start', () => {
    const state = run([{ type: 'fileChosen', fileName: 'list.xlsx' }, parsed()]);
    expect(state.parsed?.sendout_id).toBe('so_test');
    expect(state.fileName).toBe('list.xlsx');
    // allowed_start 07:05Z is 12:05 in UTC+5.
    expect(state.start).toEqual({ date: '2026-03-10', time: '12:05' });
    expect(shownCount(state)).toBe(110);
  });

  it('the consent toggles change the recipient count', () => {
    const state = run([parsed(), { type: 'consent', choice: { consentNeutral: false } }]);
    expect(shownCount(state)).toBe(50);
    expect(shownCount(run([{ type: 'consent', choice: { consentTrue: false } }], state))).toBe(0);
  });

  it('"clients not found" clears the file and the list', () => {
    const state = run([{ type: 'fileChosen', fileName: 'empty.xlsx' }, { type: 'clientsNotFound' }]);
    expect(state).toMatchObject({ fileName: null, parsed: null, clientsNotFound: true });
    expect(run([{ type: 'fileChosen', fileName: 'next.xlsx' }], state).clientsNotFound).toBe(false);
  });

  it('switching the source drops the list read from the other one', () => {
    const state = run([parsed(), { type: 'source', source: 'crm' }]);
    expect(state).toMatchObject({ source: 'crm', parsed: null, step: 0 });
    expect(run([{ type: 'source', source: 'crm' }], state)).toBe(state);
  });
});

describe('contents', () => {
  it('clamps the time between messages to 0..max', () => {
    expect(run([{ type: 'betweenTime', value: MAX_BETWEEN_TIME + 100 }]).betweenTime).toBe(MAX_BETWEEN_TIME);
    expect(run([{ type: 'betweenTime', value: '' }]).betweenTime).toBe(10);
    expect(run([{ type: 'betweenTime', value: 0 }]).betweenTime).toBe(0);
  });

  it('turning the loyalty action off strips the parent-link key', () => {
    const state = run([
      { type: 'loyaltyAction', id: 'act-1' },
      { type: 'text', text: 'Invite: {partner_link}' },
      { type: 'loyaltyAction', id: null },
    ]);
    expect(state.text).toBe('Invite: ');
  });
});

describe('calendar (SPEC 4)', () => {
  it('confirming keeps the chosen date and time', () => {
    const state = run([
      { type: 'calendarOpen' },
      { type: 'calendarPick', day: '2026-03-15' },
      { type: 'startTime', time: '14:07' },
      { type: 'calendarConfirm' },
    ]);
    expect(state.start).toEqual({ date: '2026-03-15', time: '14:05' });
    expect(state.mode).toBe('scheduled');
    expect(state.calendarSaved).toBeNull();
  });

  it('cancelling restores the previous date and time', () => {
    const before = run([{ type: 'startDate', date: '2026-03-11' }]);
    const state = run(
      [
        { type: 'calendarOpen' },
        { type: 'calendarPick', day: '2026-03-20' },
        { type: 'startTime', time: '09:00' },
        { type: 'calendarCancel' },
      ],
      before,
    );
    expect(state.start).toEqual(before.start);
  });
});

describe('step validation', () => {
  it('needs a list with recipients before the contents, and a valid text before the launch', () => {
    let state = initialState(NOW, TZ);
    expect(stepProblems(state, NOW, TZ).recipients).toBe('noList');
    expect(canOpenStep(1, stepProblems(state, NOW, TZ))).toBe(false);
    expect(run([{ type: 'step', step: 1, now: NOW, timeZone: TZ }], state).step).toBe(0);

    state = run([parsed(), { type: 'step', step: 1, now: NOW, timeZone: TZ }]);
    expect(state.step).toBe(1);
    expect(stepProblems(state, NOW, TZ).contents).toBe('emptyText');
    expect(run([{ type: 'step', step: 2, now: NOW, timeZone: TZ }], state).step).toBe(1);

    state = run(
      [
        { type: 'text', text: 'Hi {name}' },
        { type: 'step', step: 2, now: NOW, timeZone: TZ },
      ],
      state,
    );
    expect(state.step).toBe(2);
    expect(canLaunch(stepProblems(state, NOW, TZ))).toBe(true);
    // Back is always open.
    expect(run([{ type: 'step', step: 0, now: NOW, timeZone: TZ }], state).step).toBe(0);
  });

  it('flags no recipients, unknown keys and too long texts', () => {
    const list = run([parsed()]);
    const none = run([{ type: 'consent', choice: { consentTrue: false, consentNeutral: false } }], list);
    expect(stepProblems(none, NOW, TZ).recipients).toBe('noRecipients');
    expect(stepProblems(run([{ type: 'text', text: 'Hi {city}' }], list), NOW, TZ).contents).toBe('unknownKeys');
    expect(stepProblems(run([{ type: 'text', text: '{visits}' }], list), NOW, TZ).contents).toBeNull();
    expect(stepProblems(run([{ type: 'text', text: 'x'.repeat(4097) }], list), NOW, TZ).contents).toBe('tooLong');
    expect(stepProblems(run([{ type: 'text', text: '   ' }], list), NOW, TZ).contents).toBe('emptyText');
  });

  it('checks the start only for a scheduled launch', () => {
    const past = run([parsed(), { type: 'text', text: 'Hi' }, { type: 'startTime', time: '09:00' }]);
    expect(stepProblems(past, NOW, TZ).launch).toBeNull();
    const scheduled = run([{ type: 'mode', mode: 'scheduled' }], past);
    expect(stepProblems(scheduled, NOW, TZ).launch).toBe('inPast');
    expect(canLaunch(stepProblems(scheduled, NOW, TZ))).toBe(false);
  });
});
