import { expect, type Locator, type Page } from '@playwright/test';

// The app's kinds of toast (apps/web/src/shared/toast/show-toast.ts).
export type ToastKind = 'success' | 'warning' | 'error';

type Wait = { timeout?: number };

// Every toast of a kind (showToast marks each with data-testid="toast-<kind>"), with that text if given.
// Mantine keeps a replaced or closed toast in the page while it fades out, so this may find more than one.
export function toasts(page: Page, kind: ToastKind, text?: string | RegExp): Locator {
  const all = page.getByTestId(`toast-${kind}`);
  return text === undefined ? all : all.filter({ hasText: text });
}

// Waits for a toast of that kind (with that text, if given) and answers it. Mantine appends new toasts
// after the old ones, so the last match is the newest: a fading earlier toast cannot make the check
// ambiguous. It can still satisfy it, though: when the same words may already be on screen, use
// expectToastAfter.
export async function expectToast(
  page: Page,
  kind: ToastKind,
  text?: string | RegExp,
  wait: Wait = {},
): Promise<Locator> {
  const newest = toasts(page, kind, text).last();
  await expect(newest).toBeVisible(wait);
  return newest;
}

// Does the action and waits for the toast it brings. An earlier toast with the same words may still be
// closing; waiting until it is gone first makes sure the toast seen is this action's.
export async function expectToastAfter(
  page: Page,
  kind: ToastKind,
  text: string | RegExp,
  action: () => Promise<void>,
  wait: Wait = {},
): Promise<Locator> {
  await expect(toasts(page, kind, text)).toHaveCount(0);
  await action();
  return expectToast(page, kind, text, wait);
}
