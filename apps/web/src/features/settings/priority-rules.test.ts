import { describe, expect, it } from 'vitest';
import { hasPriorityChoice, moveChannel, toPriorityBody, toPriorityDraft } from './priority-rules';

describe('channel priority rules', () => {
  it('reads positions in order and appends channels the wire left out', () => {
    expect(toPriorityDraft({ '2': 'Whatsapp', '1': 'SMS', soft_priority: true })).toEqual({
      order: ['SMS', 'Whatsapp', 'Telegram'],
      soft: true,
    });
  });

  it('writes positions 1..3 and the soft flag', () => {
    expect(toPriorityBody({ order: ['Telegram', 'Whatsapp', 'SMS'], soft: false })).toEqual({
      '1': 'Telegram',
      '2': 'Whatsapp',
      '3': 'SMS',
      soft_priority: false,
    });
  });

  it('moves a channel and clamps at the ends', () => {
    const order = ['Whatsapp', 'Telegram', 'SMS'] as const;
    expect(moveChannel(order, 2, 0)).toEqual(['SMS', 'Whatsapp', 'Telegram']);
    expect(moveChannel(order, 0, 1)).toEqual(['Telegram', 'Whatsapp', 'SMS']);
    expect(moveChannel(order, 0, -1)).toEqual([...order]);
    expect(moveChannel(order, 2, 5)).toEqual([...order]);
    expect(moveChannel(order, 7, 0)).toEqual([...order]);
  });

  it('offers the page only with more than one channel', () => {
    expect(hasPriorityChoice(undefined)).toBe(false);
    expect(hasPriorityChoice(['Whatsapp'])).toBe(false);
    expect(hasPriorityChoice(['Whatsapp', 'SMS'])).toBe(true);
  });
});
