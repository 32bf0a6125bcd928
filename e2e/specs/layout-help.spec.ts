import path from 'node:path';
import { expect, test } from '@playwright/test';
import { VIDEO_SECTION_START } from '@salon/contract/video-instructions';
import { expectNoHorizontalScroll, setWhatsAppBanned, VideoModal, WaBlockedModal } from '../support/help-modals.js';
import { LanguageSwitch } from '../support/language.js';
import { LoginPage } from '../support/login-page.js';
import { signInOnce } from '../support/owner-setup.js';
import { linkWhatsApp } from '../support/sandbox-api.js';

const OWNER = 111111;
const MOSCOW = 1001;
// «Салон «Мята»: a demo salon of its own owner, paid for WhatsApp and used by no other spec, so
// banning its number there disturbs nothing else.
const MYATA_OWNER = 700006;
const MYATA_WHATSAPP = '79990070006';
const OWNER_STATE = path.resolve(import.meta.dirname, '..', '.tmp', 'layout-help-owner.json');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await signInOnce(browser, OWNER, OWNER_STATE);
});

test.describe('video instructions', () => {
  test.use({ storageState: OWNER_STATE });

  test('open from the header at 1280 px; a section moves the player to its start', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/main?accId=${MOSCOW}`);
    const video = new VideoModal(page);
    const button = page.getByTestId('header-video-button');
    // Below 1408 px the header shows it as an icon with its name.
    await expect(button).toHaveAccessibleName('Видеоинструкции');
    await button.click();
    await video.expectOpen();
    await expect(video.dialog).toContainText('Разделы видео');
    await video.expectStart(0);

    await video.section('templates').click();
    await expect(video.section('templates')).toHaveAttribute('aria-current', 'true');
    await video.expectStart(VIDEO_SECTION_START.templates);
    // The new tab opens the watch link at the same start.
    const newTab = page.getByTestId('video-new-tab');
    await expect(newTab).toHaveAttribute('href', new RegExp(`[?&]t=${VIDEO_SECTION_START.templates}s?(&|$)`));
    await expect(newTab).toHaveAttribute('target', '_blank');
    await expect(newTab).toHaveAttribute('rel', /noopener/);
    await video.close();

    // A page's help icon opens the video at that page's section.
    await page.goto(`/template_list?accId=${MOSCOW}`);
    await page.getByTestId('video-help-templates').click();
    await video.expectOpen();
    await video.expectStart(VIDEO_SECTION_START.templates);
    await video.close();
  });

  test('open from the mobile menu at 390 px, full screen, without horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/main?accId=${MOSCOW}`);
    await expect(page.getByTestId('header-video-button')).toBeHidden();
    await page.getByTestId('menu-burger').click();
    await page.getByTestId('menu-video-button').click();
    const video = new VideoModal(page);
    await video.expectOpen();
    await video.section('mailing').click();
    await video.expectStart(VIDEO_SECTION_START.mailing);
    const box = await video.dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
    await expectNoHorizontalScroll(page);
    await video.close();
  });
});

test('the WhatsApp-disable modal shows once when the branch’s WhatsApp gets blocked, in English', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await new LoginPage(page).loginAs(MYATA_OWNER);
  // One branch: it is chosen for the owner.
  await expect(page).toHaveURL(/\/main\?.*accId=\d+/);
  const accId = Number(new URL(page.url()).searchParams.get('accId'));
  await new LanguageSwitch(page).switchTo('en');
  await expect(page.getByTestId('header-video-button')).toHaveAccessibleName('Video instructions');

  // Never connected: no modal (that is the no-WhatsApp warning's business).
  const modal = new WaBlockedModal(page);
  await expect(modal.modal()).toHaveCount(0);

  await linkWhatsApp(page, accId, MYATA_WHATSAPP);
  await setWhatsAppBanned(page, accId, true);
  try {
    // The accounts answer reports the channel as the session last saw it: reload until it is blocked.
    await expect(async () => {
      await page.goto(`/main?accId=${accId}`);
      await expect(modal.modal()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(modal.title()).toHaveText('WhatsApp may stop delivering messages');
    await expect(page.getByRole('dialog')).toContainText('Connect an SMS provider');
    await expect(page.getByTestId('wa-blocked-priority')).toHaveAttribute('href', `/channel_priority?accId=${accId}`);

    await modal.gotIt();
    // Seen once: it stays away after a reload.
    const accounts = page.waitForResponse((response) => response.url().includes('/api/accounts?'));
    await page.reload();
    expect((await accounts).ok()).toBe(true);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(modal.modal()).toHaveCount(0);
  } finally {
    await setWhatsAppBanned(page, accId, false);
  }
});
