import { expect, type Locator, type Page } from '@playwright/test';
import { authHeaders } from './session-token.js';

// The video-instruction modal: the player (an iframe of the embed link), the new-tab link, the sections.
export class VideoModal {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId('video-modal').getByRole('dialog');
  }

  player(): Locator {
    return this.page.getByTestId('video-player');
  }

  section(key: string): Locator {
    return this.page.getByTestId(`video-section-${key}`);
  }

  async expectOpen(): Promise<void> {
    await expect(this.player()).toBeVisible();
    await expect(this.page.getByTestId('video-new-tab')).toBeVisible();
  }

  // The embed link carries the start as start=N (YouTube, the default video) or t=… (Rutube, VK).
  async expectStart(seconds: number): Promise<void> {
    await expect(this.player()).toHaveAttribute('src', new RegExp(`[?&](start|t)=${seconds}s?(&|$)`));
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.player()).toBeHidden();
  }
}

// The WhatsApp-disable modal of the wa_blocked info block.
export class WaBlockedModal {
  constructor(readonly page: Page) {}

  modal(): Locator {
    return this.page.getByTestId('wa-blocked-got-it');
  }

  title(): Locator {
    return this.page.getByRole('dialog').getByRole('heading');
  }

  async gotIt(): Promise<void> {
    const recorded = this.page.waitForResponse(
      (response) => response.url().includes('/accounts_upd_info_block') && response.request().method() === 'POST',
    );
    await this.page.getByTestId('wa-blocked-got-it').click();
    expect((await recorded).ok()).toBe(true);
    await expect(this.modal()).toBeHidden();
  }
}

// The sandbox network bans (or lets go) the branch's linked WhatsApp number: the cabinet then
// reports the channel as blocked.
export async function setWhatsAppBanned(page: Page, accId: number, banned: boolean): Promise<void> {
  const answer = await page.request.post(`/api/dev/sandbox/network?acc_id=${accId}`, {
    headers: await authHeaders(page),
    data: { instance_id: `whatsapp-${accId}`, event: banned ? 'ban' : 'unban' },
  });
  expect(answer.ok()).toBe(true);
}

// No horizontal scroll at the current width.
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
