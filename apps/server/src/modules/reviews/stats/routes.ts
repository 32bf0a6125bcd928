import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REVIEW_STATUS,
  reviewStatsExcelQuery,
  reviewStatsQuery,
  reviewStatsResponse,
} from '@salon/contract/reviews';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { ReviewStatsService } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// SPEC 7 Reviews statistics on the main host: reads for any member of the branch (SPEC 6); the
// service refuses send-out-only branches. The table's filters travel in the query string.
export function reviewStatsRoutes(stats: ReviewStatsService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { guard: 'member' } as const;

    app.post(
      '/review_stats',
      { config: read, schema: { querystring: reviewStatsQuery, response: { 200: reviewStatsResponse } } },
      async (req) => ({ ok: true as const, ...(await stats.page(requireBranch(req), req.query)) }),
    );

    // The sheet as a download, or with send_tg sent to the caller's Telegram by the admin bot.
    app.get(
      '/review_stats_excel',
      { config: read, schema: { querystring: reviewStatsExcelQuery } },
      async (req, reply) => {
        const caller = requireBranch(req);
        const { send_tg: sendTg, ...query } = req.query;
        if (sendTg) {
          await stats.sendToTelegram(caller, query);
          return { ok: true as const, status: REVIEW_STATUS.statsSent };
        }
        const { fileName, bytes } = await stats.excel(caller, query);
        return reply
          .header('content-type', XLSX)
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(bytes);
      },
    );
  };
}
