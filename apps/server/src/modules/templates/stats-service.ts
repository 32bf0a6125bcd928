import { isOwner } from '@salon/contract/rights';
import {
  TEMPLATE_STATS_BASELINE,
  TEMPLATE_STATUS,
  type allTemplatesStatsRow,
  type ClientStatsRow,
  type StatsGroupBy,
  type TemplateCategory,
  type TemplateKind,
  type timeStatsRow,
  type versionStatsRow,
} from '@salon/contract/templates';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { AdminBotFiles } from '../../platform/files/admin-bot-files.js';
import { AppError } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import { detailWorkbook } from './excel.js';
import { readSettings, storedContent } from './mapper.js';
import type { TemplatesRepository } from './repository.js';
import type { Caller, TemplatesService } from './service.js';
import type { DetailRow, MeasureRow, StatsRange, TemplateStatsRepository } from './stats-repository.js';

type AllRow = z.infer<typeof allTemplatesStatsRow>;
type VersionRow = z.infer<typeof versionStatsRow>;
type TimeRow = z.infer<typeof timeStatsRow>;
type Measures = Pick<
  AllRow,
  | 'send_count'
  | 'sent'
  | 'send_rate'
  | 'answered_count'
  | 'answered_rate'
  | 'recorded_count'
  | 'recorded_rate'
  | 'earned_count'
  | 'earn_one_msg'
>;

export interface TemplateStatsDeps {
  repo: TemplateStatsRepository;
  templates: TemplatesRepository;
  service: TemplatesService;
  bot: AdminBotFiles;
  clock: Clock;
  logger: Logger;
}

// The per-client table shows this many newest messages; the Excel export carries more.
export const DETAIL_LIMIT = 10_000;
export const EXPORT_LIMIT = 200_000;

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : 0);

export function measures(row: MeasureRow | undefined): Measures {
  const send = Number(row?.send_count ?? 0);
  const earned = round(Number(row?.earned ?? 0), 2);
  return {
    send_count: send,
    sent: Number(row?.sent ?? 0),
    send_rate: percent(Number(row?.sent ?? 0), send),
    answered_count: Number(row?.answered_count ?? 0),
    answered_rate: percent(Number(row?.answered_count ?? 0), send),
    recorded_count: Number(row?.recorded_count ?? 0),
    recorded_rate: percent(Number(row?.recorded_count ?? 0), send),
    earned_count: earned,
    earn_one_msg: send > 0 ? round(earned / send, 2) : 0,
  };
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

// Admins with 'hide client phones' see numbers with the middle masked (as in chat history).
function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}` : phone;
}

// Today in the branch's zone.
function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// SPEC 3 Template statistics: measures from the outbox, the chat and the CRM, in the branch's days.
export class TemplateStatsService {
  constructor(private readonly d: TemplateStatsDeps) {}

  // The contract (isStatsDay) refuses days that do not exist or that the database has no date for.
  private async range(
    caller: Caller,
    dates: { date_from?: string | undefined; date_to?: string | undefined },
  ): Promise<StatsRange> {
    const { timeZone } = await this.d.service.assertTemplatesBranch(caller.accId);
    return {
      accId: caller.accId,
      timeZone,
      from: dates.date_from ?? TEMPLATE_STATS_BASELINE,
      to: dates.date_to ?? localDate(this.d.clock.now(), timeZone),
    };
  }

  async all(caller: Caller, dates: { date_from?: string; date_to?: string }): Promise<AllRow[]> {
    const range = await this.range(caller, dates);
    const [templates, rows] = await Promise.all([
      this.d.templates.listWithDeleted(caller.accId),
      this.d.repo.perTemplate(range),
    ]);
    const byId = new Map(rows.map((r) => [Number(r.template_id), r]));
    return templates
      .filter((t) => t.deletedAt === null || byId.has(t.id))
      .map((t) => ({
        id: t.id,
        title: t.title,
        active: t.active,
        type: t.kind as TemplateKind,
        name: t.category as TemplateCategory,
        deleted: t.deletedAt !== null,
        ...measures(byId.get(t.id)),
      }));
  }

  async byVersion(
    caller: Caller,
    query: { templ_id: number; date_from?: string; date_to?: string },
  ): Promise<VersionRow[]> {
    const range = await this.range(caller, query);
    const template = await this.d.service.forStats(caller.accId, query.templ_id);
    const [versions, rows] = await Promise.all([
      this.d.templates.versions(template.id),
      this.d.repo.perVersion(range, template.id),
    ]);
    const byVersion = new Map(rows.map((r) => [Number(r.version), r]));
    const sendTime = readSettings(template).when_send2;
    return versions.map((v) => {
      const row = byVersion.get(v.version);
      const first = storedContent(v.content)[0];
      return {
        id: template.id,
        version: v.version,
        text: first ? first.body || first.caption : v.textSms,
        time: v.createdAt.toISOString(),
        send_time: sendTime,
        send_after_days: row?.send_after_days == null ? null : round(Number(row.send_after_days), 1),
        ...measures(row),
      };
    });
  }

  async byTime(
    caller: Caller,
    query: { templ_id: number; date_from?: string; date_to?: string; group_by: StatsGroupBy },
  ): Promise<TimeRow[]> {
    const range = await this.range(caller, query);
    const template = await this.d.service.forStats(caller.accId, query.templ_id);
    const rows = await this.d.repo.perPeriod(range, template.id, query.group_by);
    return rows.map((r) => ({
      id: template.id,
      period: r.period,
      versions: r.versions.map(Number),
      ...measures(r),
    }));
  }

  async detail(caller: Caller, templateId: number, limit = DETAIL_LIMIT): Promise<ClientStatsRow[]> {
    await this.d.service.assertTemplatesBranch(caller.accId);
    const template = await this.d.service.forStats(caller.accId, templateId);
    const rows = await this.d.repo.detail(caller.accId, template.id, limit);
    return rows.map((r) => toClientRow(r, hidesPhones(caller)));
  }

  async excel(caller: Caller, templateId: number): Promise<{ fileName: string; bytes: Buffer; title: string }> {
    const { timeZone } = await this.d.service.assertTemplatesBranch(caller.accId);
    const template = await this.d.service.forStats(caller.accId, templateId);
    const rows = await this.d.repo.detail(caller.accId, template.id, EXPORT_LIMIT);
    const bytes = await detailWorkbook(
      template.title,
      rows.map((r) => toClientRow(r, hidesPhones(caller))),
      timeZone,
    );
    return { fileName: `template_${template.id}_stats.xlsx`, bytes, title: template.title };
  }

  // The export "to Telegram": the admin bot sends the workbook to the user who asked.
  async sendToTelegram(caller: Caller, templateId: number): Promise<void> {
    const { fileName, bytes, title } = await this.excel(caller, templateId);
    try {
      await this.d.bot.sendDocument(caller.userId, fileName, bytes, `Статистика шаблона «${title}»`);
    } catch (err) {
      // Most often the user never pressed Start in the bot, so it may not write to them.
      this.d.logger.warn({ err, userId: caller.userId }, 'admin bot could not send the statistics');
      throw new AppError(409, TEMPLATE_STATUS.noAdminBot);
    }
  }
}

function hidesPhones(caller: Caller): boolean {
  return caller.rights.includes('hide_translation_phones') && !isOwner(caller.rights);
}

function toClientRow(r: DetailRow, hidePhone: boolean): ClientStatsRow {
  const recorded = r.status === 'recorded';
  return {
    sum: round(Number(r.sum ?? 0), 2),
    name: r.name,
    phone: hidePhone ? maskPhone(r.phone) : r.phone,
    version: Number(r.version),
    services: r.services ?? '',
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    reply_time: iso(r.reply_time),
    record_time: iso(r.record_time),
    send_time: iso(r.send_time),
    status: r.status,
    answer_process: r.reply_time !== null,
    record_process: recorded,
  };
}
