import { expect, type Locator, type Page } from '@playwright/test';
import type { LocalCrmClientWire } from '@salon/contract/local-crm';
import { authHeaders } from './session-token.js';
import { expectToast } from './toast.js';

// Page object of /invite_fiend/list: the branch's invite-a-friend actions, a row each.
export class LoyaltyListPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/invite_fiend/list?accId=${accId}`);
    await expect(this.page.getByTestId('loyalty-new').first()).toBeVisible();
  }

  row(id: number): Locator {
    return this.page.getByTestId(`loyalty-row-${id}`);
  }
}

export interface NewLoyaltyAction {
  title: string;
  // The card type's title as the CRM names it.
  cardType: string;
  parentPoints: number;
  friendPoints: number;
}

// Page object of the action editor (/invite_fiend/new_action, /invite_fiend/action?id).
export class LoyaltyEditorPage {
  constructor(readonly page: Page) {}

  async openNew(accId: number): Promise<void> {
    await this.page.goto(`/invite_fiend/new_action?accId=${accId}`);
    await expect(this.page.getByTestId('loyalty-title')).toBeVisible();
  }

  async open(accId: number, id: number): Promise<void> {
    await this.page.goto(`/invite_fiend/action?id=${id}&accId=${accId}`);
    await expect(this.page.getByTestId('loyalty-title')).toBeVisible();
  }

  // The templates that offer the action, as its page lists them.
  dependents(): Locator {
    return this.page.getByTestId('loyalty-dependents-list');
  }

  private async pick(field: string, option: string): Promise<void> {
    await this.page.getByTestId(field).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(this.page.getByTestId(field)).toHaveValue(option);
  }

  // A first-visit action: fixed points to the inviting client and to the friend for the friend's
  // first paid visit; switched on.
  async fillFirstVisit(action: NewLoyaltyAction): Promise<void> {
    await this.page.getByTestId('loyalty-title').fill(action.title);
    await this.pick('loyalty-bonus-type', 'За первый визит');
    await this.pick('loyalty-card-type', action.cardType);
    await this.page.getByTestId('loyalty-points').fill(String(action.parentPoints));
    await this.page.getByTestId('loyalty-new-customer-points').fill(String(action.friendPoints));
    // The switch's transparent input lies over its track and label.
    await this.page.getByTestId('loyalty-active').check();
    await expect(this.page.getByTestId('loyalty-active')).toBeChecked();
  }

  // Saves a new action; answers its id (from the address the editor moves to).
  async saveNew(): Promise<number> {
    await this.page.getByTestId('editor-save').click();
    await expectToast(this.page, 'success', 'Акция сохранена');
    await expect(this.page).toHaveURL(/\/invite_fiend\/action\?.*id=\d+/);
    const id = Number(new URL(this.page.url()).searchParams.get('id'));
    expect(id).toBeGreaterThan(0);
    return id;
  }
}

// Page object of /invite_fiend/statistic: one row per action.
export class LoyaltyStatsPage {
  constructor(readonly page: Page) {}

  async open(accId: number): Promise<void> {
    await this.page.goto(`/invite_fiend/statistic?accId=${accId}`);
    await expect(this.page.getByTestId('loyalty-stats')).toBeVisible();
  }

  row(actionId: number): Locator {
    return this.page.getByTestId(`loyalty-stats-row-${actionId}`);
  }

  // Columns by the analytics row's wire names (countChild, countChildPaid, …).
  cell(actionId: number, column: string): Locator {
    return this.row(actionId).locator(`[data-column="${column}"]`);
  }
}

// The friend's side: the page a personal invite link opens (no session, no scripts), its form
// and its answer. The page speaks the browser's language: the friend's context is Russian.
export class InvitePage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText('Вас пригласили в салон');
  }

  // The offer names the friend's points.
  offer(): Locator {
    return this.page.locator('main p').first();
  }

  async signUp(name: string, phone: string): Promise<void> {
    await this.page.getByLabel('Ваше имя').fill(name);
    await this.page.getByLabel('Телефон').fill(phone);
    await this.page.getByRole('button', { name: 'Оставить заявку' }).click();
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
}

// The event template (By event → On record creation) that offers an action, in the template editor.
export class OfferingTemplate {
  constructor(readonly page: Page) {}

  // The loyalty picker lists the branch's actions by title.
  async offer(actionTitle: string): Promise<void> {
    const picker = this.page.getByTestId('option-loyalty');
    await picker.click();
    await this.page.getByRole('option', { name: actionTitle, exact: true }).click();
    await expect(picker).toHaveValue(actionTitle);
  }

  // Event templates are e<id> on the list; the switch follows the server's answer.
  async switchOff(accId: number, id: number): Promise<void> {
    await this.page.goto(`/template_list?accId=${accId}`);
    const toggle = this.page.getByTestId(`template-switch-e${id}`);
    if (await toggle.isChecked()) await toggle.click({ force: true });
    await expect(this.page.getByTestId(`template-row-e${id}`)).toHaveAttribute('data-active', 'false');
  }
}

// The local CRM's client by phone, with its bonus balance (GET /api/crm/local/clients, the dev
// CRM page's own call), or null when the CRM has no such client.
export async function crmClient(page: Page, accId: number, phone: string): Promise<LocalCrmClientWire | null> {
  const answer = await page.request.get(`/api/crm/local/clients?acc_id=${accId}&search=${phone}`, {
    headers: await authHeaders(page),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { clients } = (await answer.json()) as { clients: LocalCrmClientWire[] };
  return clients.find((c) => c.phone === phone) ?? null;
}

// The first personal invite link in a text: `${publicBase}/api/invite/<code>`.
export function inviteLinkIn(text: string): URL | null {
  const match = /https?:\/\/[^\s/]+\/api\/invite\/[A-Za-z0-9_-]+/.exec(text);
  return match ? new URL(match[0]) : null;
}
