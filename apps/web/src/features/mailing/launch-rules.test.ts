import { describe, expect, it } from 'vitest';
import { startSendoutFields, testSendoutFields } from '@salon/contract/mailing-sendouts';
import { allowedToRunQuery as allowedToRunSchema } from '@salon/contract/mailing-plan';
import { allowedToRunQuery, startRequest, testRequest } from './launch-rules';
import { parsedFixture } from './mailing-test-fixtures';
import { initialState, newMailingReducer, type NewMailingAction } from './new-mailing-state';

const NOW = Date.parse('2026-03-10T06:02:00.000Z');
const TZ = 'Asia/Yekaterinburg';
const state = (actions: NewMailingAction[], overrides = {}) =>
  [
    { type: 'parsed', answer: parsedFixture(overrides), now: NOW, timeZone: TZ } as NewMailingAction,
    { type: 'text', text: 'Hi {name}' } as NewMailingAction,
    ...actions,
  ].reduce(newMailingReducer, initialState(NOW, TZ));

describe('startRequest (SPEC 7 /start_sendout)', () => {
  it('sends an immediate launch without a start time, with the shown count and the consent choice', () => {
    const request = startRequest(state([{ type: 'consent', choice: { consentNeutral: false } }]), TZ);
    const fields = startSendoutFields.parse(request?.fields);
    expect(fields).toMatchObject({
      sendout_id: 'so_test',
      text: 'Hi {name}',
      count: 50,
      instance_id: 'inst-1',
      time_to_msk: 2,
      sendout_batch_len: 500,
      visits_median: 3,
      last_visit_time_median: 40,
      delay: false,
      consent_true: true,
      consent_neutral: false,
      between_time: 10,
    });
    expect(fields.time_start).toBeUndefined();
  });

  it('sends a scheduled launch with the branch wall time as an instant', () => {
    const request = startRequest(
      state([
        { type: 'mode', mode: 'scheduled' },
        { type: 'startDate', date: '2026-03-12' },
        { type: 'startTime', time: '10:30' },
      ]),
      TZ,
    );
    expect(startSendoutFields.parse(request?.fields)).toMatchObject({
      delay: true,
      time_start: '2026-03-12T05:30:00.000Z',
    });
  });

  it('leaves out what the list does not have', () => {
    const request = startRequest(
      state([], { instance_id: null, visits_median: null, last_visit_time_median: null }),
      TZ,
    );
    expect(request?.fields).not.toHaveProperty('instance_id');
    expect(request?.fields).not.toHaveProperty('visits_median');
    expect(startRequest(initialState(NOW, TZ), TZ)).toBeNull();
  });
});

describe('allowedToRunQuery (SPEC 7 /allowed_to_run)', () => {
  it('asks for the launch as it stands, in a shape the contract accepts', () => {
    const query = allowedToRunQuery(state([{ type: 'mode', mode: 'scheduled' }]), TZ);
    expect(allowedToRunSchema.parse(query)).toEqual({
      date: '2026-03-10T07:05:00.000Z',
      instance_id: 'inst-1',
      batch_len: 500,
      count: 110,
      time_to_msk: 2,
      between_time: 10,
      delay: true,
    });
  });

  it('cannot be asked without a connected number or recipients', () => {
    expect(allowedToRunQuery(state([], { instance_id: null }), TZ)).toBeNull();
    expect(
      allowedToRunQuery(state([{ type: 'consent', choice: { consentTrue: false, consentNeutral: false } }]), TZ),
    ).toBeNull();
  });
});

describe('testRequest (SPEC 7 /test_sendout)', () => {
  it('sends the text, the sample values as JSON with the test phone, and the draft', () => {
    const request = testRequest(state([]), '79991234567', { name: 'Анна', phone: '70000000000' });
    const fields = testSendoutFields.parse(request?.fields);
    expect(fields).toMatchObject({ text: 'Hi {name}', phone: '79991234567', sendout_id: 'so_test' });
    expect(JSON.parse(fields.keys ?? '{}')).toEqual({ name: 'Анна', phone: '79991234567' });
  });

  it('needs a text and a whole phone', () => {
    expect(testRequest(state([]), '7999', {})).toBeNull();
    expect(testRequest(state([{ type: 'text', text: ' ' }]), '79991234567', {})).toBeNull();
  });
});
