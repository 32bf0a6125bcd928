import path from 'node:path';
import { expect, test } from '@playwright/test';
import { botMessagesAfter } from '../support/bot-outbox.js';
import { LanguageSwitch } from '../support/language.js';
import { signInOnce } from '../support/owner-setup.js';
import { logLength } from '../support/server-log.js';
import { expectToast } from '../support/toast.js';
import { expectNoHorizontalScroll, FeedbackModal, IntegratorsForm } from '../support/support-pages.js';

// Issue 18 items 4–5: the integrators request (header drawer, mobile menu, /integrators) and the
// feedback modal. Without a webhook or a support chat configured, both are kept and answered "sent";
// feedback is copied to the local admin-bot outbox as chat 0.

const OWNER = 111111;
// Elena Smirnova: saved language English, a member of the Moscow branch.
const ELENA = 444444;
const MOSCOW = 1001;
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'support-owner.json');
const ELENA_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'support-elena.json');

const REQUEST = {
  name: 'Анна Соколова',
  phone: '79261110005',
  system: 'Altegio',
  service: 'Подключить онлайн-запись к WhatsApp',
  whatsapp: '79261110006',
};

test.describe('in Russian', () => {
  test.beforeAll(async ({ browser }) => {
    await signInOnce(browser, OWNER, OWNER_STATE);
  });
  test.use({ storageState: OWNER_STATE });

  test.describe('at 1280 px', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the header opens the integrators drawer; a filled form is sent', async ({ page }) => {
      await page.goto(`/main?accId=${MOSCOW}`);
      const form = new IntegratorsForm(page);
      await form.openFromHeader();
      const drawer = page.getByTestId('integrators-drawer');
      // SPEC 9: 540 px on the right.
      const box = await drawer.locator('.mantine-Drawer-content').boundingBox();
      expect(Math.round(box!.width)).toBe(540);
      // An empty form names what is missing and sends nothing.
      await page.getByTestId('integrators-submit').click();
      await expect(drawer.getByText('Укажите имя')).toBeVisible();
      await expect(drawer.getByText('Введите полный номер WhatsApp')).toBeVisible();
      await form.fill(REQUEST);
      await form.submit();
      await expectToast(page, 'success', 'Заявка интеграторам отправлена');
      await expect(page.getByTestId('integrators-form')).toBeHidden();
    });

    test('/integrators shows the same form as a page', async ({ page }) => {
      await page.goto(`/integrators?accId=${MOSCOW}`);
      await expect(page.getByTestId('page-title')).toHaveText('Заявка интеграторам');
      const form = new IntegratorsForm(page);
      await form.fill(REQUEST);
      await form.submit();
      await expectToast(page, 'success', 'Заявка интеграторам отправлена');
    });

    test('feedback: send is disabled while the text is empty; sent with a reason', async ({ page }) => {
      await page.goto(`/main?accId=${MOSCOW}`);
      const feedback = new FeedbackModal(page);
      await feedback.openFromHeader();
      await expect(feedback.sendButton()).toBeDisabled();
      // The branch's name is filled in.
      await expect(page.getByTestId('feedback-branch')).not.toHaveValue('');
      await page.getByTestId('feedback-text').fill('   ');
      await expect(feedback.sendButton()).toBeDisabled();
      await page.getByTestId('feedback-text').fill('Не понимаю, как включить напоминание');
      await expect(feedback.sendButton()).toBeEnabled();
      await feedback.pickReason('not_clear');
      const since = logLength();
      await feedback.send();
      await expectToast(page, 'success', 'Спасибо! Обратная связь отправлена');
      await expect(feedback.modal).toBeHidden();
      const [text] = await botMessagesAfter(since, 0, 1);
      expect(text).toContain('Тема: Непонятно');
      expect(text).toContain('Не понимаю, как включить напоминание');
    });
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the mobile menu opens the integrators form full width; a filled form is sent', async ({ page }) => {
      await page.goto(`/main?accId=${MOSCOW}`);
      await expect(page.getByTestId('integrators-button')).toBeHidden();
      const form = new IntegratorsForm(page);
      await form.openFromMobileMenu();
      const box = await page.getByTestId('integrators-drawer').locator('.mantine-Drawer-content').boundingBox();
      expect(Math.round(box!.width)).toBe(390);
      await expectNoHorizontalScroll(page);
      await form.fill(REQUEST);
      await form.submit();
      await expectToast(page, 'success', 'Заявка интеграторам отправлена');
    });

    test('the mobile menu opens the feedback modal', async ({ page }) => {
      await page.goto(`/main?accId=${MOSCOW}`);
      const feedback = new FeedbackModal(page);
      await feedback.openFromMobileMenu();
      await expectNoHorizontalScroll(page);
      await expect(feedback.sendButton()).toBeDisabled();
      await page.getByTestId('feedback-text').fill('С телефона всё работает');
      await feedback.pickReason('no_result');
      await feedback.send();
      await expectToast(page, 'success', 'Спасибо! Обратная связь отправлена');
    });
  });
});

test.describe('in English', () => {
  test.beforeAll(async ({ browser }) => {
    await signInOnce(browser, ELENA, ELENA_STATE);
  });
  test.use({ storageState: ELENA_STATE, viewport: { width: 1280, height: 800 } });

  test('the integrators drawer and the feedback modal speak English', async ({ page }) => {
    await page.goto(`/main?accId=${MOSCOW}`);
    await new LanguageSwitch(page).expectLanguage('en');
    const form = new IntegratorsForm(page);
    await form.openFromHeader();
    await expect(page.getByTestId('integrators-drawer').getByText('Request to integrators')).toBeVisible();
    await form.fill({ ...REQUEST, name: 'Elena Smirnova', service: 'Connect online booking to WhatsApp' });
    await form.submit();
    await expectToast(page, 'success', 'Your request to the integrators has been sent');

    const feedback = new FeedbackModal(page);
    await feedback.openFromHeader();
    await expect(feedback.modal.getByText('Difficult to set up')).toBeVisible();
    await expect(feedback.sendButton()).toBeDisabled();
    await page.getByTestId('feedback-text').fill('The reminders are hard to configure');
    await feedback.pickReason('difficult_setup');
    await feedback.send();
    await expectToast(page, 'success', 'Thank you! Your feedback has been sent');
  });
});
