import { describe, expect, it } from 'vitest';
import { NO_PACING, PACING } from '../../../channels/dispatch/governor.js';
import type { SendingInstance } from '../calendar/calendar-repository.js';
import { DEFAULT_DAILY_LIMIT, numberQuota } from '../calendar/context.js';
import { newSendoutId } from './drafts.js';
import { includedStates } from './launch.js';
import { renderTest, testKeyValues } from './test-message.js';

const pacing = (kind: keyof typeof PACING) => PACING[kind];
const now = new Date('2026-03-10T09:00:00Z');
// Nothing sent yet today: the quota is the number's cap for its age alone.
const instance = (kind: string, connectedDaysAgo: number | null): SendingInstance => ({
  id: 'i1',
  kind,
  phone: '79160000001',
  firstConnectedAt: connectedDaysAgo === null ? null : new Date(now.getTime() - connectedDaysAgo * 86_400_000),
  sentDay: null,
  sentToday: 0,
});

describe('send-out rules', () => {
  it('takes the number’s daily cap for its age as the day’s quota', () => {
    expect(numberQuota(null, now, pacing)).toBe(DEFAULT_DAILY_LIMIT);
    // WhatsApp warms up: 20 a day for a new number, 1000 after a month.
    expect(numberQuota(instance('whatsapp', 1), now, pacing)).toBe(20);
    expect(numberQuota(instance('whatsapp', null), now, pacing)).toBe(20);
    expect(numberQuota(instance('whatsapp', 40), now, pacing)).toBe(1000);
    expect(numberQuota(instance('telegram', 40), now, pacing)).toBe(300);
    expect(numberQuota(instance('whatsapp', 40), now, () => NO_PACING)).toBe(2_000_000_000);
  });

  it('makes unguessable send-out ids', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newSendoutId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^so_[\w-]{16}$/);
  });

  it('includes consenting recipients with consent_true, neutral and unanswered with consent_neutral, declined never', () => {
    expect(includedStates(true, true)).toEqual(['consent', 'neutral', 'await']);
    expect(includedStates(true, false)).toEqual(['consent']);
    expect(includedStates(false, true)).toEqual(['neutral', 'await']);
    expect(includedStates(false, false)).toEqual([]);
  });

  it('reads the test message’s keys JSON and renders missing keys empty', () => {
    expect(testKeyValues(undefined)).toEqual({});
    expect(testKeyValues(' ')).toEqual({});
    expect(testKeyValues('{"name":"Анна","visits":3,"vip":true,"note":null}')).toEqual({
      name: 'Анна',
      visits: '3',
      vip: 'true',
    });
    for (const bad of ['{name', '[]', '"Анна"', '{"a":{"b":1}}', '{"a":[1]}'])
      expect(testKeyValues(bad), bad).toBeNull();
    expect(renderTest('Здравствуйте, {name}! {дата} {name}', { name: 'Анна' })).toBe('Здравствуйте, Анна!  Анна');
    expect(renderTest('  {name}  ', {})).toBe('');
  });
});
