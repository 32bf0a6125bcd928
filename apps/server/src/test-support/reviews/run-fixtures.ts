import {
  firstStep,
  lastStep,
  middleStep,
  type FirstStep,
  type LastStep,
  type MiddleStep,
} from '@salon/contract/reviews';
import type { ReviewSite } from '@salon/contract/reviews';
import type { Db } from '../../platform/db/client.js';
import { createLogger } from '../../platform/logger.js';
import type { AdminBotMessages } from '../../platform/files/admin-bot-files.js';
import { ReviewChainsRepository } from '../../modules/reviews/chains/repository.js';
import { ReviewLinksRepository } from '../../modules/reviews/links/links-repository.js';
import { ReviewLinks } from '../../modules/reviews/links/links-service.js';
import { ReviewRunRepository } from '../../modules/reviews/run/run-repository.js';
import { ReviewRunner } from '../../modules/reviews/run/runner.js';
import { reviewChains, reviewSettings } from '../../modules/reviews/schema.js';
import type { TestApp } from '../harness.js';

export interface ChainSpec {
  first?: Partial<FirstStep>;
  middle?: Partial<MiddleStep>[];
  last?: Partial<LastStep>;
  active?: boolean;
  title?: string;
}

const text = (body: string) => [{ type: 'text' as const, body, caption: '' }];

// A chain straight into its table, its steps through the contract (runner tests need no editor).
export async function insertChain(db: Db, accId: number, spec: ChainSpec, at: Date): Promise<number> {
  const title = spec.title ?? 'Отзыв после визита';
  const first = firstStep.parse({
    title,
    active: spec.active ?? true,
    content: text('{name}, спасибо, что были у нас! Как вам визит у мастера {master}?'),
    after_end: 0.25,
    ...spec.first,
  });
  const middles = (spec.middle ?? []).map((m, i) =>
    middleStep.parse({ active: true, content: text(`Напоминание ${i + 2}: оцените визит, пожалуйста`), ...m }),
  );
  const last = lastStep.parse({
    active: true,
    content: text('Спасибо за оценку, {name}! Поделитесь впечатлением: {review_link}'),
    fail_text: 'Нам очень жаль. Администратор свяжется с вами. Отзыв: {review_link}',
    ...spec.last,
  });
  const [row] = await db
    .insert(reviewChains)
    .values({
      accId,
      title,
      active: first.active,
      firstStep: first,
      secondStep: middles,
      lastStep: last,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: reviewChains.id });
  return row!.id;
}

export async function setReviewSites(db: Db, accId: number, sites: ReviewSite[], at: Date, repeatDays = 30) {
  await db
    .insert(reviewSettings)
    .values({ accId, sites, repeatDays, updatedAt: at })
    .onConflictDoUpdate({ target: reviewSettings.accId, set: { sites, repeatDays, updatedAt: at } });
}

// Admin bot texts as a Telegram chat would read them.
export class BotMessagesInbox implements AdminBotMessages {
  readonly sent: { chatId: string; text: string }[] = [];
  async sendText(chatId: number | string, text: string): Promise<void> {
    this.sent.push({ chatId: String(chatId), text });
  }
}

// A runner over the test app's database, outbox and CRM (the same classes the module wires), for the
// sweep a test drives by hand.
export function testRunner(app: TestApp, bot: AdminBotMessages = new BotMessagesInbox()) {
  const db = app.runtime.database.db;
  const chains = new ReviewChainsRepository(db);
  const links = new ReviewLinks({
    repo: new ReviewLinksRepository(db),
    sites: async (accId) => (await chains.settings(accId)).sites,
    publicBase: 'https://salon.test',
    clock: app.clock,
  });
  const runner = new ReviewRunner({
    repo: new ReviewRunRepository(db),
    chains,
    crm: app.runtime.crm.repo,
    outbox: app.runtime.channels.outbox,
    links,
    bot,
    clock: app.clock,
    logger: createLogger('silent'),
  });
  return { runner, links };
}
