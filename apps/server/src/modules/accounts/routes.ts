import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountsQuery,
  accountsResponse,
  agreementsBody,
  agreementsResponse,
  headerBannerResponse,
  infoBlockQuery,
  infoBlockResponse,
  updInfoBlockBody,
  updInfoBlockResponse,
  userLangBody,
} from '@salon/contract/accounts';
import { okSchema } from '@salon/contract/status';
import { requireAuth } from '../../platform/http/auth-hook.js';
import type { AccountsService } from './service.js';

export function accountsRoutes(service: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/accounts',
      { schema: { querystring: accountsQuery, response: { 200: accountsResponse } } },
      async (request) => {
        const { check_status, check_info_block, block_name } = request.query;
        return service.accounts(requireAuth(request).userId, {
          checkStatus: check_status ?? false,
          infoBlock: check_info_block ? block_name : undefined,
        });
      },
    );

    app.post(
      '/agreements',
      { schema: { body: agreementsBody, response: { 200: agreementsResponse } } },
      async (request) => {
        const saved = await service.acceptAgreements(requireAuth(request).userId, request.body.optional_agreement);
        return { ok: true as const, agreements: saved };
      },
    );

    app.get(
      '/accounts_get_info_block',
      { schema: { querystring: infoBlockQuery, response: { 200: infoBlockResponse } } },
      async (request) => ({
        ok: true as const,
        count: await service.infoBlockCount(requireAuth(request).userId, request.query.block_name, request.query.limit),
      }),
    );

    app.post(
      '/accounts_upd_info_block',
      { schema: { body: updInfoBlockBody, response: { 200: updInfoBlockResponse } } },
      async (request) => ({
        ok: true as const,
        result: await service.bumpInfoBlock(requireAuth(request).userId, request.body.block_name),
      }),
    );

    app.get('/header_banner', { schema: { response: { 200: headerBannerResponse } } }, async () => ({
      ok: true as const,
      banner: await service.headerBanner(),
    }));

    app.post('/user/lang', { schema: { body: userLangBody, response: { 200: okSchema } } }, async (request) => {
      await service.setLang(requireAuth(request).userId, request.body.lang);
      return { ok: true as const };
    });
  };
}
