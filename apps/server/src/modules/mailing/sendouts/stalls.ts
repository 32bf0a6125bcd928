import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../../platform/clock.js';
import type { AdminBotFiles } from '../../../platform/files/admin-bot-files.js';
import type { Logger } from '../../../platform/logger.js';
import type { CalendarContexts } from '../calendar/context.js';
import { type Stall, stallOf } from './stall.js';
import type { StallRepository, StartedSendout } from './stall-repository.js';

export interface SendoutStallsDeps {
  repo: StallRepository;
  contexts: CalendarContexts;
  bot: AdminBotFiles;
  clock: Clock;
  logger: Logger;
}

const TEXTS = {
  ru: {
    daily_limit: 'достигнут дневной лимит',
    sending_window: 'закрыто окно отправки',
    number_disconnected: 'номер отправки не подключён',
    resumes: (when: string) => `продолжится ${when}`,
    reconnect: 'продолжится, когда номер снова подключат',
    today: 'сегодня в',
    tomorrow: 'завтра в',
    head: (text: string) => `Рассылка «${text}» ждёт`,
  },
  en: {
    daily_limit: 'daily limit reached',
    sending_window: 'the sending window is closed',
    number_disconnected: 'the sending number is not connected',
    resumes: (when: string) => `continues ${when}`,
    reconnect: 'continues once the number is connected again',
    today: 'today at',
    tomorrow: 'tomorrow at',
    head: (text: string) => `Send-out “${text}” is waiting`,
  },
} as const;

function clockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
}

function dayText(at: Date, timeZone: string): string {
  const [y, m, d] = localDay(at, timeZone).split('-');
  return `${d}.${m}.${y}`;
}

// The owner's message, in their language and the branch's clocks:
// "Send-out “…” is waiting: daily limit reached — continues tomorrow at 10:00".
export function stallMessage(sendoutText: string, stall: Stall, lang: string, now: Date, timeZone: string): string {
  const t = lang === 'en' ? TEXTS.en : TEXTS.ru;
  const short = sendoutText.length > 60 ? `${sendoutText.slice(0, 57)}…` : sendoutText;
  let when: string = t.reconnect;
  if (stall.resumesAt) {
    const day = localDay(stall.resumesAt, timeZone);
    const today = localDay(now, timeZone);
    const tomorrow = localDay(new Date(now.getTime() + 86_400_000), timeZone);
    const prefix =
      day === today
        ? t.today
        : day === tomorrow
          ? t.tomorrow
          : `${dayText(stall.resumesAt, timeZone)} ${lang === 'en' ? 'at' : 'в'}`;
    when = t.resumes(`${prefix} ${clockTime(stall.resumesAt, timeZone)}`);
  }
  return `${t.head(short)}: ${t[stall.reason]} — ${when}`;
}

// Why started send-outs wait (shown in the started list and the statistics), and the owner's one
// admin-bot message per send-out and reason.
export class SendoutStalls {
  constructor(private readonly d: SendoutStallsDeps) {}

  private async judge(
    sendouts: readonly StartedSendout[],
    now: Date,
  ): Promise<Map<string, { stall: Stall; timeZone: string }>> {
    const out = new Map<string, { stall: Stall; timeZone: string }>();
    const byBranch = new Map<number, StartedSendout[]>();
    for (const s of sendouts) byBranch.set(s.accId, [...(byBranch.get(s.accId) ?? []), s]);
    for (const [accId, list] of byBranch) {
      const branch = await this.d.contexts.forBranch(accId, now);
      const number = branch.instances[0] ?? null;
      const today = localDay(now, branch.plan.timeZone);
      const numberFull = number !== null && number.sentDay === today && number.sentToday >= branch.dailyQuota;
      for (const s of list) {
        const stall = stallOf({
          now,
          timeZone: branch.plan.timeZone,
          window: branch.plan.window ?? null,
          betweenTime: s.betweenTime,
          connected: number !== null,
          numberFull,
          nextAt: s.nextAt,
        });
        if (stall) out.set(s.id, { stall, timeZone: branch.plan.timeZone });
      }
    }
    return out;
  }

  // The branch's waiting send-outs by id.
  async forBranch(accId: number): Promise<Map<string, Stall>> {
    const now = this.d.clock.now();
    const judged = await this.judge(await this.d.repo.started(now, accId), now);
    return new Map([...judged].map(([id, j]) => [id, j.stall]));
  }

  async forSendout(accId: number, sendoutId: string): Promise<Stall | null> {
    return (await this.forBranch(accId)).get(sendoutId) ?? null;
  }

  // The sweep: tells the branch's owners about each new stall once. A message that could not be
  // sent (the owner never pressed Start in the bot) is tried again on a later pass.
  async notifyPass(now: Date = this.d.clock.now()): Promise<number> {
    const sendouts = await this.d.repo.started(now);
    const judged = await this.judge(sendouts, now);
    let sent = 0;
    for (const s of sendouts) {
      const j = judged.get(s.id);
      if (!j || !(await this.d.repo.claimNotice(s.id, j.stall.reason, now))) continue;
      try {
        for (const owner of await this.d.repo.owners(s.accId)) {
          const text = stallMessage(s.text, j.stall, owner.lang, now, j.timeZone);
          await this.d.bot.sendDocument(owner.telegramId, `sendout-${s.id}.txt`, Buffer.from(`${text}\n`), text);
        }
        sent += 1;
      } catch (err) {
        this.d.logger.warn({ err, sendout: s.id }, 'send-out stall notice failed');
        await this.d.repo.releaseNotice(s.id, j.stall.reason);
      }
    }
    return sent;
  }
}
