import {
  CANCEL_ANSWERS,
  CONFIRM_ANSWER_WINDOW_HOURS,
  CONFIRM_ANSWERS,
  ANSWER_WINDOW_HOURS,
} from '@salon/contract/templates-rules';
import type { Clock } from '../../../platform/clock.js';
import type { Logger } from '../../../platform/logger.js';
import type { OutboxWriter } from '../../../channels/dispatch/outbox.js';
import type { ReplyContext, ReplyHandler } from '../../../channels/inbound/reply-chain.js';
import type { CrmRepository } from '../../../crm/repository.js';
import type { EngineRepository } from './engine-repository.js';
import type { ConsentLedger } from './consent-ledger.js';
import { render } from '../../../platform/text/render.js';
import { recordVariables } from './variables.js';

// What a confirm-record answer does in the branch's CRM.
export interface RecordActions {
  confirm(accId: number, recordId: string): Promise<void>;
  cancel(accId: number, recordId: string): Promise<void>;
}

export interface ReplyDeps {
  repo: EngineRepository;
  crm: CrmRepository;
  // The consents module's list, where a consent answer is recorded.
  consents: ConsentLedger;
  outbox: Pick<OutboxWriter, 'enqueue'>;
  actions: RecordActions;
  clock: Clock;
  logger: Logger;
}

const HOUR = 3_600_000;

// The first word of an answer, lower-cased, without punctuation: "Да!" → "да", "1." → "1".
export function answerWord(text: string): string {
  return (
    text
      .trim()
      .toLocaleLowerCase('ru')
      .split(/\s+/)[0]
      ?.replace(/[^\p{L}\p{N}]/gu, '') ?? ''
  );
}

export function classifyAnswer(text: string): 'yes' | 'no' | null {
  const word = answerWord(text);
  if (CONFIRM_ANSWERS.includes(word)) return 'yes';
  if (CANCEL_ANSWERS.includes(word)) return 'no';
  return null;
}

// A yes/no answer from a client, and the newest question of this kind we sent them within the window.
async function answeredQuestion(
  d: ReplyDeps,
  { accId, message }: ReplyContext,
  kind: 'confirm' | 'consent',
  hours: number,
) {
  if (message.type !== 'text') return null;
  const answer = classifyAnswer(message.body);
  if (!answer) return null;
  const now = d.clock.now();
  const question = await d.repo.latestQuestion(accId, message.from, new Date(now.getTime() - hours * HOUR), kind);
  return question ? { answer, question, now } : null;
}

// Reply-chain slot 'confirm_cancel': a client answering a confirm-record question confirms or
// cancels the booking in the CRM and gets the template's textConfirmation or textCancel.
export function confirmCancelHandler(d: ReplyDeps): ReplyHandler {
  return {
    name: 'confirm_cancel',
    async handle(context: ReplyContext) {
      const { accId, message } = context;
      const found = await answeredQuestion(d, context, 'confirm', CONFIRM_ANSWER_WINDOW_HOURS);
      if (!found?.question.recordId) return 'pass';
      const { answer, question, now } = found;
      const record = await d.crm.record(accId, question.recordId!);
      const template = await d.repo.templateText(question.templateId);
      if (!record || record.deleted || record.startsAt.getTime() <= now.getTime() || !template) return 'pass';
      if (answer === 'no' && !template.settings.declined_record) return 'pass';
      if (answer === 'yes') await d.actions.confirm(accId, record.id);
      else await d.actions.cancel(accId, record.id);
      const text = answer === 'yes' ? template.settings.send_confirm : template.settings.text_cancel;
      const branch = await d.repo.branchFacts(accId);
      if (text.trim() && branch) {
        const client = record.clientId ? await d.crm.client(accId, record.clientId) : null;
        await d.outbox.enqueue({
          accId,
          idempotencyKey: `reply:${answer === 'yes' ? 'confirm' : 'cancel'}:${question.outboxId}`,
          source: 'reply',
          sourceId: String(question.templateId),
          recipient: message.from,
          clientName: record.clientName,
          body: render(text, recordVariables(record, client, branch)),
          media: null,
          channels: null,
          notBefore: now,
        });
      }
      return 'handled';
    },
  };
}

// Reply-chain slot 'consent': an answer to a consent template becomes the client's consent.
export function consentHandler(d: ReplyDeps): ReplyHandler {
  return {
    name: 'consent',
    async handle(context: ReplyContext) {
      const { accId, message } = context;
      const found = await answeredQuestion(d, context, 'consent', ANSWER_WINDOW_HOURS);
      if (!found) return 'pass';
      const { answer, now } = found;
      const current = await d.consents.consentOf(accId, message.from);
      if (current && current.consent !== null) return 'pass';
      await d.consents.recordAnswer(accId, message.from, answer === 'yes', message.body.slice(0, 500), now);
      return 'handled';
    },
  };
}
