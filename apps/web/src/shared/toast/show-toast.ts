import type { notifications as NotificationsApi } from '@mantine/notifications';
import { TOAST_SUCCESS_MS, TOAST_WARNING_MS } from '@salon/contract/constants';

export type ToastKind = 'success' | 'warning' | 'error';

// SPEC 8: success closes after 2 s, warning after 4 s, an error stays until dismissed.
export const TOAST_AUTO_CLOSE: Record<ToastKind, number | false> = {
  success: TOAST_SUCCESS_MS,
  warning: TOAST_WARNING_MS,
  error: false,
};

const COLORS: Record<ToastKind, string> = { success: 'teal', warning: 'yellow', error: 'red' };

// The notifications package (and its container) load with the first toast, not with the login page.
// One shared promise keeps toasts in the order they were asked for.
let loading: Promise<typeof NotificationsApi> | null = null;
const loadNotifications = () => (loading ??= import('@mantine/notifications').then((m) => m.notifications));

// At most one toast of each kind: a new one replaces the old. Each gets a fresh id so its
// auto-close timer starts anew instead of inheriting the replaced toast's.
const current = new Map<ToastKind, string>();
let sequence = 0;

// The toast container is mounted with the first toast (see ToastHost).
let used = false;
const usedListeners = new Set<() => void>();

export function toastsUsed(): boolean {
  return used;
}

export function subscribeToastsUsed(listener: () => void): () => void {
  usedListeners.add(listener);
  return () => usedListeners.delete(listener);
}

export function showToast(kind: ToastKind, message: string): void {
  const previous = current.get(kind);
  sequence += 1;
  const id = `toast-${kind}-${sequence}`;
  current.set(kind, id);
  if (!used) {
    used = true;
    usedListeners.forEach((listener) => listener());
  }
  void loadNotifications().then((notifications) => {
    if (previous) notifications.hide(previous);
    notifications.show({
      id,
      message,
      color: COLORS[kind],
      autoClose: TOAST_AUTO_CLOSE[kind],
      withCloseButton: true,
      'data-testid': `toast-${kind}`,
      onClose: () => {
        if (current.get(kind) === id) current.delete(kind);
      },
    });
  });
}
