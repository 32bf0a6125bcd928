import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import {
  FEEDBACK_BRANCH_NAME_MAX,
  FEEDBACK_RATE_MAX,
  FEEDBACK_RATE_MIN,
  FEEDBACK_REASONS,
  FEEDBACK_TOPIC_MAX,
  SUPPORT_STATUS,
  feedbackTextProblem,
  type FeedbackBody,
  type FeedbackReason,
} from '@salon/contract/support';
import type { Clock } from '../../platform/clock.js';
import type { AdminBotFiles, AdminBotMessages } from '../../platform/files/admin-bot-files.js';
import { errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { SupportRepository } from './repository.js';
import type { FeedbackFile } from './upload.js';

// SPEC 8 reasons as the support chat reads them.
const REASON_TEXT: Record<FeedbackReason, string> = {
  not_clear: 'Непонятно',
  no_result: 'Нет результата',
  difficult_setup: 'Сложно настроить',
  not_working: 'Что-то не работает',
};

// Telegram refuses longer texts and captions; the whole text stays in the database.
const TELEGRAM_TEXT_MAX = 4096;
const TELEGRAM_CAPTION_MAX = 1024;

export interface SupportChat {
  // SUPPORT_CHAT_ID; absent: feedback is only kept ('stored').
  chatId: string | undefined;
  // No Telegram bot (the local admin-bot outbox in DATA_DIR/bot-outbox): without a chat id the
  // feedback is still written there, as chat 0, so a developer sees it like the other alerts.
  local: boolean;
  messages: AdminBotMessages;
  files: AdminBotFiles;
}

interface CheckedFeedback {
  text: string;
  topic: string | null;
  rate: number | null;
  branchName: string | null;
}

function refused(status: string, field: string) {
  return errors.invalid(status, [{ path: `body.${field}`, code: status }]);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

// The cabinet's feedback modal (SPEC 3 Feedback, SPEC 7 /send_feedback_to_asana): kept first, with
// its file in the data folder, then forwarded to the support chat by the admin bot. A forward that
// fails leaves the row 'failed' with its error; the row is never lost.
export class FeedbackService {
  constructor(
    private readonly deps: {
      repo: SupportRepository;
      clock: Clock;
      logger: Logger;
      chat: SupportChat;
      // Where feedback files are kept (DATA_DIR/feedback).
      dir: string;
      branchName(accId: number): Promise<string | null>;
    },
  ) {}

  check(body: FeedbackBody): CheckedFeedback {
    const text = body.text ?? '';
    const problem = feedbackTextProblem(text);
    if (problem) throw refused(problem, 'text');
    const topic = (body.topic ?? '').trim();
    if (topic.length > FEEDBACK_TOPIC_MAX) throw refused(SUPPORT_STATUS.topicInvalid, 'topic');
    let rate: number | null = null;
    if (body.rate !== null && body.rate !== undefined && body.rate !== '') {
      rate = Number(body.rate);
      if (!Number.isInteger(rate) || rate < FEEDBACK_RATE_MIN || rate > FEEDBACK_RATE_MAX) {
        throw refused(SUPPORT_STATUS.rateInvalid, 'rate');
      }
    }
    const branchName = (body.branch_name ?? '').trim().slice(0, FEEDBACK_BRANCH_NAME_MAX) || null;
    return { text: text.trim(), topic: topic || null, rate, branchName };
  }

  async submit(userId: number, accId: number | null, body: FeedbackBody, file: FeedbackFile | null): Promise<number> {
    const { repo, clock } = this.deps;
    const checked = this.check(body);
    const branchName =
      checked.branchName ?? (accId === null ? null : await this.deps.branchName(accId).catch(() => null)) ?? '';
    const kept = file ? await this.keepFile(file) : null;
    const id = await repo.insertFeedback({
      userId,
      accId,
      branchName,
      text: checked.text,
      topic: checked.topic,
      rate: checked.rate,
      file: kept,
      createdAt: clock.now(),
    });
    await this.forward(id, userId, accId, { ...checked, branchName }, kept);
    return id;
  }

  private async keepFile(file: FeedbackFile) {
    const ext = file.staged.fileName.toLowerCase().split('.').pop() ?? '';
    const name = `${randomBytes(12).toString('base64url')}${/^[a-z0-9]{1,8}$/.test(ext) ? `.${ext}` : ''}`;
    await mkdir(this.deps.dir, { recursive: true });
    const target = path.join(this.deps.dir, name);
    await rename(file.staged.tmpPath, target);
    return { name: file.staged.fileName, type: file.contentType, path: target, size: file.staged.size };
  }

  private message(id: number, userId: number, accId: number | null, f: CheckedFeedback): string {
    const topic = f.topic
      ? `Тема: ${(FEEDBACK_REASONS as readonly string[]).includes(f.topic) ? REASON_TEXT[f.topic as FeedbackReason] : f.topic}`
      : null;
    const lines = [
      `Обратная связь из кабинета №${id}`,
      `Филиал: ${f.branchName || '—'}${accId === null ? '' : ` (acc_id ${accId})`}`,
      `Пользователь: ${userId}`,
      topic,
      f.rate === null ? null : `Оценка: ${f.rate}/5`,
      '',
      f.text,
    ].filter((l): l is string => l !== null);
    return clip(lines.join('\n'), TELEGRAM_TEXT_MAX);
  }

  private async forward(
    id: number,
    userId: number,
    accId: number | null,
    f: CheckedFeedback,
    file: { name: string; path: string } | null,
  ): Promise<void> {
    const { repo, clock, logger, chat } = this.deps;
    if (!chat.chatId) {
      if (chat.local) {
        await chat.messages
          .sendText(0, this.message(id, userId, accId, f))
          .catch((err: unknown) => logger.warn({ id, err }, 'feedback copy to the local outbox failed'));
      }
      await repo.markFeedback(id, 'stored', null, clock.now());
      return;
    }
    try {
      await chat.messages.sendText(chat.chatId, this.message(id, userId, accId, f));
      if (file) {
        await chat.files.sendDocument(
          Number(chat.chatId),
          file.name,
          await readFile(file.path),
          clip(`Файл к обратной связи №${id}`, TELEGRAM_CAPTION_MAX),
        );
      }
      await repo.markFeedback(id, 'forwarded', null, clock.now());
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      logger.warn({ id, err: message }, 'feedback forward to the support chat failed');
      await repo.markFeedback(id, 'failed', message, clock.now());
    }
  }
}
