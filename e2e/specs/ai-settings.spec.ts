import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInOnce } from '../support/owner-setup.js';

const OWNER = 111111;
const MOSCOW = 1001;
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'ai-settings-owner.json');

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

test.describe('signed in as the owner', () => {
  test.use({ storageState: OWNER_STATE, actionTimeout: 15_000 });

  test('the AI settings clamp their ranges, warn before automatic mode, keep an excluded phone, and stay after a reload', async ({
    page,
  }) => {
    await page.goto(`/ai_admin_settings?accId=${MOSCOW}`);
    const aggregation = page.getByTestId('ai-aggregation');
    await expect(aggregation).toHaveValue('5');

    // SPEC 5: typed 0…60, clamped to 5…60 when the field is left.
    await aggregation.fill('2');
    await aggregation.blur();
    await expect(aggregation).toHaveValue('5');
    await aggregation.fill('45');
    await aggregation.blur();
    await expect(aggregation).toHaveValue('45');

    // Automatic answers need a confirmation first.
    await page.getByTestId('ai-mode-automatic').click();
    const warning = page.getByRole('dialog');
    await expect(warning).toBeVisible();
    await page.getByTestId('ai-automatic-modal-confirm').click();
    await expect(page.getByTestId('ai-mode-automatic')).toBeChecked();

    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/ai/api/v1/agents/') && r.request().method() === 'PATCH',
    );
    await page.getByTestId('editor-save').click();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('ai-aggregation')).toHaveValue('45');
    await expect(page.getByTestId('ai-mode-automatic')).toBeChecked();

    // Exclusions: a number that is not a phone is refused; a valid one is kept with its country code.
    await page.goto(`/ai_admin_exceptions?accId=${MOSCOW}`);
    const phone = page.getByTestId('ai-phone-input');
    await phone.fill('12345');
    await page.getByTestId('ai-phone-add').click();
    await expect(page.getByTestId('ai-phone-hint')).toHaveAttribute('role', 'alert');
    await phone.fill('+7 999 555-07-01');
    await page.getByTestId('ai-phone-add').click();
    await expect(page.getByTestId('ai-phone-chip-79995550701')).toBeVisible();
    const savedPhones = page.waitForResponse(
      (r) => r.url().includes('/api/ai/api/v1/agents/') && r.request().method() === 'PATCH',
    );
    await page.getByTestId('editor-save').click();
    expect((await savedPhones).ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('ai-phone-chip-79995550701')).toBeVisible();
  });
});
