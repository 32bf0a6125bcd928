import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAILING_STATS_STATUS,
  mailingStatsCountResponse,
  mailingStatsDetailExcelBody,
  mailingStatsDetailQuery,
  type MailingStatsDetailResponse,
  type MailingStatsTelegramResponse,
  mailingStatsResponse,
  mailingStatsTelegramResponse,
  statsExcelQuery,
  statsQueryInput,
} from '@salon/contract/mailing-stats';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { MailingStatsService } from './stats-service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// RFC 6266: an ASCII fallback name beside the UTF-8 one.
function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\w.-]+/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// Mailing host (/api/mailing), SPEC 7: send-out statistics. SPEC 6: the mailing pages need
// owner/support or sendouts.
export function mailingStatsRoutes(service: MailingStatsService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'mailing' } as const;
    app.get(
      '/stats_sendout',
      { config, schema: { querystring: statsQueryInput, response: { 200: mailingStatsResponse } } },
      async (req) => service.page(requireBranch(req), req.query),
    );
    app.get(
      '/stats_sendout_count',
      { config, schema: { querystring: statsQueryInput, response: { 200: mailingStatsCountResponse } } },
      async (req) => service.count(requireBranch(req), req.query),
    );
    // The file of every row of the filters; with send_tg the admin bot sends it to the caller instead.
    app.get('/stats_sendout_excel', { config, schema: { querystring: statsExcelQuery } }, async (req, reply) => {
      const caller = requireBranch(req);
      if (req.query.send_tg) {
        const { count } = await service.sendExcelToTelegram(caller, req.query);
        return reply.send({
          ok: true,
          status: MAILING_STATS_STATUS.sentToTelegram,
          count,
        } satisfies MailingStatsTelegramResponse);
      }
      const { fileName, bytes } = await service.excel(caller, req.query);
      return reply.header('content-type', XLSX).header('content-disposition', attachment(fileName)).send(bytes);
    });
    app.get(
      '/stats_sendout_detail',
      { config, schema: { querystring: mailingStatsDetailQuery } },
      async (req, reply) => {
        const caller = requireBranch(req);
        if (req.query.excel) {
          const { fileName, bytes } = await service.detailExcel(caller, req.query);
          return reply.header('content-type', XLSX).header('content-disposition', attachment(fileName)).send(bytes);
        }
        const data = await service.detail(caller, req.query);
        const stall = await service.stallOf(caller, req.query.sendout_id);
        // Sent as is: the columns of a large send-out are not re-checked value by value.
        return reply.send({
          ok: true,
          sendout_id: req.query.sendout_id,
          data,
          stall,
        } satisfies MailingStatsDetailResponse);
      },
    );
    app.post(
      '/stats_sendout_detail_excel',
      { config, schema: { body: mailingStatsDetailExcelBody, response: { 200: mailingStatsTelegramResponse } } },
      async (req) => {
        const { count } = await service.sendDetailToTelegram(requireBranch(req), req.body);
        return { ok: true as const, status: MAILING_STATS_STATUS.sentToTelegram, count };
      },
    );
  };
}
