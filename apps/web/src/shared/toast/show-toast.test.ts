import { beforeEach, describe, expect, it, vi } from 'vitest';

const { shown, hidden } = vi.hoisted(() => ({
  shown: [] as { id: string; autoClose: unknown; testId: unknown }[],
  hidden: [] as string[],
}));
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: (data: { id: string; autoClose: unknown; 'data-testid': unknown }) => {
      shown.push({ id: data.id, autoClose: data.autoClose, testId: data['data-testid'] });
    },
    hide: (id: string) => void hidden.push(id),
  },
}));

const { showToast, toastsUsed } = await import('./show-toast');

describe('showToast', () => {
  beforeEach(() => {
    shown.length = 0;
    hidden.length = 0;
  });

  it('closes success after 2 s, warning after 4 s and keeps errors', async () => {
    showToast('success', 'saved');
    showToast('warning', 'careful');
    showToast('error', 'failed');
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(shown.map((t) => [t.testId, t.autoClose])).toEqual([
      ['toast-success', 2000],
      ['toast-warning', 4000],
      ['toast-error', false],
    ]);
    expect(toastsUsed()).toBe(true);
  });

  it('keeps at most one toast of a kind: a new one replaces the old', async () => {
    showToast('success', 'one');
    showToast('success', 'two');
    showToast('error', 'three');
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    const [first, second] = shown.filter((t) => t.testId === 'toast-success');
    expect(first && second && first.id !== second.id).toBe(true);
    expect(hidden).toContain(first?.id);
    expect(hidden).not.toContain(shown.find((t) => t.testId === 'toast-error')?.id);
  });
});
