import { describe, expect, it } from 'vitest';
import { UNREACHABLE_FOR_MS, cascadeOrder, withAllKinds, type CascadeInput } from './cascade.js';
import type { ReachFact } from './outbox-repository.js';

const now = new Date('2026-11-26T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const input = (patch: Partial<CascadeInput>): CascadeInput => ({
  channels: null,
  channelOrder: null,
  softPriority: false,
  triedKinds: [],
  reach: [],
  ...patch,
});
const fact = (kind: string, state: ReachFact['state'], patch: Partial<ReachFact> = {}): ReachFact => ({
  kind,
  state,
  address: null,
  lastDeliveredAt: null,
  updatedAt: ago(60_000),
  ...patch,
});

describe('the cascade of channels for one message', () => {
  it('keeps the default order and leaves out the bots a client never opted in to', () => {
    expect(cascadeOrder(input({}), now).order).toEqual(['whatsapp', 'telegram', 'sms']);
    expect(cascadeOrder(input({}), now).skipped).toEqual(['tg_bot', 'max']);
  });

  it('sends to a bot at the linked user’s address', () => {
    const r = cascadeOrder(input({ reach: [fact('max', 'linked', { address: '5550001' })] }), now);
    expect(r.order).toEqual(['whatsapp', 'telegram', 'max', 'sms']);
    expect(r.addresses.get('max')).toBe('5550001');
    expect(r.addresses.has('whatsapp')).toBe(false);
  });

  it('skips a bot the client stopped and a linked bot with no address', () => {
    const r = cascadeOrder(
      input({ reach: [fact('max', 'unreachable', { address: '1' }), fact('tg_bot', 'linked')] }),
      now,
    );
    expect(r.order).toEqual(['whatsapp', 'telegram', 'sms']);
  });

  it('skips a messenger the client is not on, and tries it again after the memory fades', () => {
    const recent = input({ reach: [fact('whatsapp', 'unreachable', { updatedAt: ago(86_400_000) })] });
    expect(cascadeOrder(recent, now).order).toEqual(['telegram', 'sms']);
    expect(cascadeOrder(recent, now).skipped).toContain('whatsapp');
    const old = input({ reach: [fact('whatsapp', 'unreachable', { updatedAt: ago(UNREACHABLE_FOR_MS + 1) })] });
    expect(cascadeOrder(old, now).order[0]).toBe('whatsapp');
  });

  it('leaves out the channels already tried', () => {
    expect(cascadeOrder(input({ triedKinds: ['whatsapp', 'telegram'] }), now).order).toEqual(['sms']);
  });

  it('puts the channel that last delivered first under soft priority only', () => {
    const reach = [
      fact('sms', 'linked', { lastDeliveredAt: ago(3_600_000) }),
      fact('max', 'linked', { address: '77', lastDeliveredAt: ago(60_000) }),
      fact('whatsapp', 'linked', { lastDeliveredAt: ago(86_400_000) }),
    ];
    expect(cascadeOrder(input({ reach, softPriority: true }), now).order).toEqual([
      'max',
      'whatsapp',
      'telegram',
      'sms',
    ]);
    expect(cascadeOrder(input({ reach, softPriority: false }), now).order).toEqual([
      'whatsapp',
      'telegram',
      'max',
      'sms',
    ]);
  });

  it('does not reorder a message pinned to its channels, and still skips where the client is not', () => {
    const reach = [fact('sms', 'linked', { lastDeliveredAt: ago(1000) })];
    expect(cascadeOrder(input({ channels: ['whatsapp', 'sms'], softPriority: true, reach }), now).order).toEqual([
      'whatsapp',
      'sms',
    ]);
    expect(cascadeOrder(input({ channels: ['max'] }), now).order).toEqual([]);
  });

  it('follows the branch’s saved priority, the channels it lacks joining before SMS', () => {
    expect(withAllKinds(['sms', 'whatsapp', 'telegram'])).toEqual(['sms', 'whatsapp', 'telegram', 'tg_bot', 'max']);
    expect(withAllKinds(['telegram', 'whatsapp', 'sms'])).toEqual(['telegram', 'whatsapp', 'tg_bot', 'max', 'sms']);
    const reach = [fact('tg_bot', 'linked', { address: '9' })];
    expect(cascadeOrder(input({ channelOrder: ['tg_bot', 'sms', 'whatsapp'], reach }), now).order).toEqual([
      'tg_bot',
      'sms',
      'whatsapp',
      'telegram',
    ]);
  });
});
