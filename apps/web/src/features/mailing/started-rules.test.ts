import { describe, expect, it } from 'vitest';
import { excerpt, isPageSize, processPercent, sendoutAction, shouldPoll } from './started-rules';

const NOW = Date.parse('2026-03-10T06:00:00Z');

describe('started send-outs', () => {
  it('offers stop for planned and started, resume for paused, nothing for finished', () => {
    expect(sendoutAction('started')).toBe('stop');
    expect(sendoutAction('planned')).toBe('stop');
    expect(sendoutAction('paused')).toBe('resume');
    expect(sendoutAction('finished')).toBeNull();
    expect(sendoutAction('draft')).toBeNull();
  });

  it('polls while something sends or a planned start has come', () => {
    expect(shouldPoll([{ status: 'started', date: '2026-03-10T05:00:00Z' }], NOW)).toBe(true);
    expect(shouldPoll([{ status: 'planned', date: '2026-03-10T05:59:00Z' }], NOW)).toBe(true);
    expect(shouldPoll([{ status: 'planned', date: '2026-03-11T05:00:00Z' }], NOW)).toBe(false);
    expect(shouldPoll([{ status: 'paused', date: '2026-03-10T05:00:00Z' }], NOW)).toBe(false);
    expect(shouldPoll([], NOW)).toBe(false);
  });

  it('accepts the page sizes 5, 8 and 20 only', () => {
    expect([5, 8, 20].every(isPageSize)).toBe(true);
    expect(isPageSize(10)).toBe(false);
  });

  it('clamps and rounds the progress', () => {
    expect(processPercent(33.4)).toBe(33);
    expect(processPercent(120)).toBe(100);
    expect(processPercent(Number.NaN)).toBe(0);
  });

  it('cuts long messages on a word', () => {
    expect(excerpt('Short\ntext')).toBe('Short text');
    expect(excerpt('one two three four five', 12)).toBe('one two…');
    expect(excerpt('abcdefghijklmnop', 10)).toBe('abcdefghij…');
  });
});
