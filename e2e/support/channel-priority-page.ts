import { expect, type Locator, type Page } from '@playwright/test';
import type { PriorityChannelBody } from '@salon/contract/settings';
import type { PriorityChannel } from '@salon/contract/settings-rules';
import { authHeaders } from './session-token.js';
import { expectToast } from './toast.js';

// Page object of /channel_priority: the channels in the order the dispatcher tries them, moved with
// the arrow buttons (the keyboard way; dragging is the pointer's), and soft or hard priority.
export class ChannelPriorityPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/channel_priority?accId=${accId}`);
    await expect(this.page.getByTestId('settings-form')).toHaveAttribute('data-state', 'success');
  }

  item(channel: PriorityChannel): Locator {
    return this.page.getByTestId(`priority-item-${channel}`);
  }

  async position(channel: PriorityChannel): Promise<number> {
    return Number(await this.item(channel).getAttribute('data-position'));
  }

  async moveTo(channel: PriorityChannel, position: number): Promise<void> {
    for (let at = await this.position(channel); at !== position; at = await this.position(channel)) {
      await this.page.getByTestId(`priority-${at > position ? 'up' : 'down'}-${channel}`).click();
      await expect(this.item(channel)).toHaveAttribute('data-position', String(at > position ? at - 1 : at + 1));
    }
  }

  // The switch's input is visually hidden behind its track.
  async setSoft(soft: boolean): Promise<void> {
    await this.page.getByTestId('priority-soft').setChecked(soft, { force: true });
  }

  async save(): Promise<void> {
    await this.page.getByTestId('settings-save').click();
    await expectToast(this.page, 'success');
    await expect(this.page.getByTestId('settings-form')).toHaveAttribute('data-state', 'success');
  }
}

// GET /api/settings/priority_channel: the saved order ({"1": …, soft_priority}).
export async function savedPriority(page: Page, accId: number): Promise<PriorityChannelBody> {
  const answer = await page.request.get(`/api/settings/priority_channel?acc_id=${accId}`, {
    headers: await authHeaders(page),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: PriorityChannelBody }).data;
}

export async function savePriority(page: Page, accId: number, body: PriorityChannelBody): Promise<void> {
  const answer = await page.request.post(`/api/settings/priority_channel?acc_id=${accId}`, {
    headers: await authHeaders(page),
    data: body,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}
