import { describe, expect, it } from 'vitest';
import type { SandboxMessageWire } from '@salon/contract/dev-sandbox';
import {
  botKindsOf,
  isPairingInputReady,
  normalizePairingInput,
  reachOf,
  resultToast,
  threadsByPhone,
} from './sandbox-rules';

const message = (
  id: number,
  phone: string,
  at: string,
  direction: SandboxMessageWire['direction'],
  name: string | null = null,
  kind = 'whatsapp',
): SandboxMessageWire => ({
  id,
  instance_id: `${kind}-1`,
  kind,
  direction,
  phone,
  name,
  body: `m${id}`,
  media: null,
  ask_contact: false,
  status: 'delivered',
  created_at: at,
  delivered_at: null,
  read_at: null,
});

describe('sandbox rules', () => {
  it('tells who has which messenger by the last digits', () => {
    expect(reachOf('79990000000')).toEqual({ whatsapp: false, telegram: false });
    expect(reachOf('79990000001')).toEqual({ whatsapp: false, telegram: true });
    expect(reachOf('79990000002')).toEqual({ whatsapp: true, telegram: false });
    expect(reachOf('79991234567')).toEqual({ whatsapp: true, telegram: true });
  });

  it('groups the log per client, most recent client first', () => {
    const threads = threadsByPhone([
      message(1, '79990000011', '2025-01-01T10:00:00Z', 'to_client'),
      message(2, '79990000022', '2025-01-01T10:05:00Z', 'to_client'),
      message(3, '79990000011', '2025-01-01T10:10:00Z', 'from_client', 'Anna'),
    ]);
    expect(threads.map((t) => t.phone)).toEqual(['79990000011', '79990000022']);
    expect(threads[0]?.messages.map((m) => m.id)).toEqual([3, 1]);
    expect(threads[0]?.name).toBe('Anna');
  });

  it('offers to stop each bot the client talked with, and no other channel', () => {
    const [thread] = threadsByPhone([
      message(1, '79990000011', '2025-01-01T10:00:00Z', 'to_client', null, 'max'),
      message(2, '79990000011', '2025-01-01T10:01:00Z', 'to_client'),
      message(3, '79990000011', '2025-01-01T10:02:00Z', 'from_client', null, 'tg_bot'),
      message(4, '79990000011', '2025-01-01T10:03:00Z', 'from_client', null, 'max'),
    ]);
    expect(botKindsOf(thread!)).toEqual(['tg_bot', 'max']);
    const [plain] = threadsByPhone([message(5, '79990000022', '2025-01-01T10:00:00Z', 'to_client')]);
    expect(botKindsOf(plain!)).toEqual([]);
  });

  it('takes pairing codes with or without the dash', () => {
    expect(normalizePairingInput('abcd-2345')).toBe('ABCD-2345');
    expect(normalizePairingInput('ab cd 23 45')).toBe('ABCD2345');
    expect(isPairingInputReady('ABCD-2345')).toBe(true);
    expect(isPairingInputReady('ABCD234')).toBe(false);
  });
});

describe('sandbox results', () => {
  it('tells success from what did not happen', () => {
    expect(resultToast('linked')).toEqual({ kind: 'success', result: 'linked' });
    expect(resultToast('expired')).toEqual({ kind: 'warning', result: 'expired' });
    expect(resultToast('no_conversation')).toEqual({ kind: 'warning', result: 'no_conversation' });
    expect(resultToast('started')).toEqual({ kind: 'success', result: 'started' });
    expect(resultToast('unknown_bot')).toEqual({ kind: 'warning', result: 'unknown_bot' });
    expect(resultToast('not_started')).toEqual({ kind: 'warning', result: 'not_started' });
    expect(resultToast('something_new')).toEqual({ kind: 'success', result: null });
  });
});
