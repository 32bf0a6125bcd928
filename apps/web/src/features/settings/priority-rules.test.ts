import { describe, expect, it } from 'vitest';
import { completeOrder, hasPriorityChoice, moveChannel, toPriorityBody, toPriorityDraft } from './priority-rules';

describe('channel priority rules', () => {
  it('reads positions in order and completes the channels the wire left out', () => {
    expect(toPriorityDraft({ '2': 'Whatsapp', '1': 'SMS', soft_priority: true })).toEqual({
      order: ['SMS', 'Whatsapp', 'Telegram', 'TelegramBot', 'MAX'],
      soft: true,
    });
  });

  it('reads all five positions as they are', () => {
    const wire = { '1': 'MAX', '2': 'SMS', '3': 'TelegramBot', '4': 'Whatsapp', '5': 'Telegram' } as const;
    expect(toPriorityDraft({ ...wire, soft_priority: false }).order).toEqual([
      'MAX',
      'SMS',
      'TelegramBot',
      'Whatsapp',
      'Telegram',
    ]);
  });

  it('puts the bots of a three-channel order saved before them ahead of SMS when SMS was last', () => {
    expect(completeOrder(['Whatsapp', 'Telegram', 'SMS'])).toEqual([
      'Whatsapp',
      'Telegram',
      'TelegramBot',
      'MAX',
      'SMS',
    ]);
    expect(completeOrder(['Telegram', 'Whatsapp', 'SMS'])).toEqual([
      'Telegram',
      'Whatsapp',
      'TelegramBot',
      'MAX',
      'SMS',
    ]);
  });

  it('keeps SMS where the owner put it when it was not last', () => {
    expect(completeOrder(['SMS', 'Telegram', 'Whatsapp'])).toEqual([
      'SMS',
      'Telegram',
      'Whatsapp',
      'TelegramBot',
      'MAX',
    ]);
    expect(completeOrder(['Telegram', 'SMS', 'Whatsapp'])).toEqual([
      'Telegram',
      'SMS',
      'Whatsapp',
      'TelegramBot',
      'MAX',
    ]);
  });

  it('fills an empty or repeated order with the default one', () => {
    expect(completeOrder([])).toEqual(['Whatsapp', 'Telegram', 'TelegramBot', 'MAX', 'SMS']);
    expect(completeOrder(['Telegram', 'Telegram'])).toEqual(['Telegram', 'Whatsapp', 'TelegramBot', 'MAX', 'SMS']);
  });

  it('ignores positions beyond five and values that are not channels', () => {
    const wire = { '1': 'Telegram', '6': 'Whatsapp', '2': true, soft_priority: false } as const;
    expect(toPriorityDraft(wire).order).toEqual(['Telegram', 'Whatsapp', 'TelegramBot', 'MAX', 'SMS']);
  });

  it('writes positions 1..5 and the soft flag', () => {
    expect(toPriorityBody({ order: ['Telegram', 'Whatsapp', 'MAX', 'TelegramBot', 'SMS'], soft: false })).toEqual({
      '1': 'Telegram',
      '2': 'Whatsapp',
      '3': 'MAX',
      '4': 'TelegramBot',
      '5': 'SMS',
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
