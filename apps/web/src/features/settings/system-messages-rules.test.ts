import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW,
  cleanMasters,
  systemMessagesProblems,
  systemMessagesServerError,
  toSystemMessagesBody,
  toSystemMessagesDraft,
} from './system-messages-rules';

describe('system messages rules', () => {
  it('reads a null schedule as "any time" with a window to offer', () => {
    const draft = toSystemMessagesDraft({ message_sending_schedule: null, exception_masters_names: ['Ольга'] });
    expect(draft).toEqual({ anyTime: true, from: DEFAULT_WINDOW[0], to: DEFAULT_WINDOW[1], masters: ['Ольга'] });
    expect(toSystemMessagesBody(draft)).toEqual({ message_sending_schedule: null, exception_masters_names: ['Ольга'] });
  });

  it('sends a window as [from, to]', () => {
    const draft = toSystemMessagesDraft({ message_sending_schedule: ['22:00', '06:00'], exception_masters_names: [] });
    expect(draft.anyTime).toBe(false);
    expect(toSystemMessagesBody(draft).message_sending_schedule).toEqual(['22:00', '06:00']);
  });

  it('refuses malformed and empty windows, but not while any time is on', () => {
    const draft = { anyTime: false, from: '9:00', to: '21:00', masters: [] };
    expect(systemMessagesProblems(draft)).toEqual({ from: 'timeInvalid' });
    expect(systemMessagesProblems({ ...draft, from: '10:00', to: '10:00' })).toEqual({ to: 'emptyWindow' });
    expect(systemMessagesProblems({ ...draft, anyTime: true })).toEqual({});
  });

  it('cleans master names', () => {
    expect(cleanMasters([' Ольга ', 'Ольга', '', 'Анна'])).toEqual(['Ольга', 'Анна']);
  });

  it('maps server issues to fields', () => {
    expect(systemMessagesServerError('message_sending_schedule', 'empty_window')).toEqual(['to', 'emptyWindow']);
    expect(systemMessagesServerError('message_sending_schedule.0', 'invalid_string')).toEqual(['from', 'timeInvalid']);
    expect(systemMessagesServerError('exception_masters_names.3', 'too_big')).toEqual(['masters', 'tooLong']);
  });
});
