import { expect, type Locator, type Page } from '@playwright/test';

export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

// What a knowledge file's card showed, in order: its state badge and its stage line.
export interface FileSighting {
  name: string;
  state: string;
  stage: string;
}

// One event of a file's progress stream as the page received it.
export interface StreamEvent {
  event: string;
  state: string | null;
  stage: string | null;
}

declare global {
  interface Window {
    __aiFileSightings?: FileSighting[];
    __aiStreamEvents?: StreamEvent[];
  }
}

// Page object of /ai_admin_instruction: the knowledge files and the test chat beside them.
export class KnowledgePage {
  readonly chat: TestChat;

  constructor(readonly page: Page) {
    this.chat = new TestChat(page);
  }

  async open(accId: number): Promise<void> {
    await this.page.goto(`/ai_admin_instruction?accId=${accId}`);
    await expect(this.page.getByTestId('ai-files-drop')).toBeVisible();
    await expect(this.page.getByTestId('ai-total-size-value')).toBeVisible();
  }

  async upload(...files: PickedFile[]): Promise<void> {
    await this.page.getByTestId('ai-files-input').setInputFiles(files);
  }

  file(name: string): Locator {
    return this.page.getByTestId('ai-file').filter({
      has: this.page.getByTestId('ai-file-name').getByText(name, { exact: true }),
    });
  }

  state(name: string): Locator {
    return this.file(name).getByTestId('ai-file-state');
  }

  summary(name: string): Locator {
    return this.file(name).locator('[data-testid^="ai-file-summary-"]:not([data-testid$="-edit"])');
  }

  uploadItem(name: string): Locator {
    return this.page.getByTestId('ai-upload-item').filter({ hasText: name });
  }

  totalSize(): Locator {
    return this.page.getByTestId('ai-total-size-value');
  }

  async deleteFile(name: string): Promise<void> {
    await this.file(name).getByTestId('ai-file-delete').click();
    const modal = this.page.getByRole('dialog');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(name);
    await this.page.getByTestId('ai-file-delete-modal-confirm').click();
    await expect(this.file(name)).toHaveCount(0);
  }

  // A stage can last less than a poll of the test, so the page itself writes down every state and
  // stage line each card shows (a DOM observer, installed before the upload).
  async recordFileStages(): Promise<void> {
    await this.page.evaluate(() => {
      const seen: FileSighting[] = [];
      window.__aiFileSightings = seen;
      const last = new Map<string, string>();
      const scan = () => {
        for (const card of Array.from(document.querySelectorAll('[data-testid="ai-file"]'))) {
          const name = card.querySelector('[data-testid="ai-file-name"]')?.textContent ?? '';
          const state = card.querySelector('[data-testid="ai-file-state"]')?.getAttribute('data-state') ?? '';
          const stage = card.querySelector('[data-testid="ai-file-stage"]')?.textContent ?? '';
          const key = `${state}|${stage}`;
          if (last.get(name) === key) continue;
          last.set(name, key);
          seen.push({ name, state, stage });
        }
      };
      scan();
      new MutationObserver(scan).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
  }

  // The page's progress streams (EventSource) are listened to as well, before the page opens: the
  // events the cabinet received, whatever it drew of them.
  async recordStreamEvents(): Promise<void> {
    await this.page.addInitScript(() => {
      const events: StreamEvent[] = [];
      window.__aiStreamEvents = events;
      const Original = window.EventSource;
      window.EventSource = class extends Original {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          for (const name of ['processing', 'done', 'error']) {
            this.addEventListener(name, (e) => {
              const data = (e as MessageEvent<string>).data;
              let file: { state?: string; stage_system_name?: string } | undefined;
              try {
                file = (JSON.parse(data ?? '{}') as { file?: typeof file }).file;
              } catch {
                file = undefined;
              }
              events.push({ event: name, state: file?.state ?? null, stage: file?.stage_system_name ?? null });
            });
          }
        }
      };
    });
  }

  async streamEvents(): Promise<StreamEvent[]> {
    return this.page.evaluate(() => window.__aiStreamEvents ?? []);
  }

  async fileStagesSeen(name: string): Promise<FileSighting[]> {
    const all = await this.page.evaluate(() => window.__aiFileSightings ?? []);
    return all.filter((s) => s.name === name);
  }
}

// The SPEC 4 test chat panel (W2's TestChatPanel).
export class TestChat {
  constructor(readonly page: Page) {}

  status(): Locator {
    return this.page.getByTestId('ai-chat-status');
  }

  messages(): Locator {
    return this.page.getByTestId('ai-chat-message');
  }

  botMessages(): Locator {
    return this.page.locator('[data-testid="ai-chat-message"][data-from="bot"]');
  }

  suggestion(): Locator {
    return this.page.getByTestId('ai-suggestion');
  }

  async ask(text: string): Promise<void> {
    const answered = this.page.waitForResponse(
      (r) => r.url().includes('/api/v1/test_chat/message') && r.request().method() === 'POST',
    );
    await this.page.getByTestId('ai-chat-input').fill(text);
    await this.page.getByTestId('ai-chat-send').click();
    expect((await answered).ok()).toBe(true);
    await expect(this.messages().filter({ hasText: text })).toHaveCount(1);
  }

  async clear(): Promise<void> {
    await this.page.getByTestId('ai-chat-clear').click();
    await this.page.getByTestId('ai-chat-clear-confirm-confirm').click();
    await expect(this.page.getByTestId('ai-chat-empty')).toBeVisible();
  }
}

// The assistant's switch on /ai_admin_settings (switching on asks first), saved at once.
export async function setAgentActive(page: Page, accId: number, active: boolean): Promise<void> {
  await page.goto(`/ai_admin_settings?accId=${accId}`);
  const toggle = page.getByTestId('ai-active');
  await expect(page.getByTestId('ai-aggregation')).toBeVisible();
  if ((await toggle.isChecked()) === active) return;
  await toggle.click({ force: true });
  if (active) {
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByTestId('ai-activate-modal-confirm').click();
  }
  if (active) await expect(toggle).toBeChecked();
  else await expect(toggle).not.toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/ai/api/v1/agents/') && r.request().method() === 'PATCH',
  );
  await page.getByTestId('editor-save').click();
  expect((await saved).ok()).toBe(true);
}
