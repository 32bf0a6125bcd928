import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkPinBody,
  checkPinQuery,
  checkPinResponse,
  getInfoResponse,
  getTokenBody,
  getTokenResponse,
  logoutResponse,
  pinRequestBody,
  tokenResponse,
  updTokenQuery,
} from '@salon/contract/auth';
import { okSchema } from '@salon/contract/status';
import { requireAuth } from '../../platform/http/auth-hook.js';
import type { AuthService, ClientMeta } from './service.js';
import type { FastifyRequest } from 'fastify';

function meta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export function authRoutes(service: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/tg/auth',
      { config: { public: true }, schema: { body: pinRequestBody, response: { 200: okSchema } } },
      async (request) => {
        await service.requestPin(request.body.user_id, meta(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/tg/check_pin',
      {
        config: { public: true },
        schema: { body: checkPinBody, querystring: checkPinQuery, response: { 200: checkPinResponse } },
      },
      async (request) => {
        const { refreshToken } = await service.checkPin(request.body.user_id, request.query.pin, meta(request));
        return { ok: true as const, refresh_token: refreshToken };
      },
    );

    app.post(
      '/get_token',
      { config: { public: true }, schema: { body: getTokenBody, response: { 200: getTokenResponse } } },
      async (request) => {
        const r = await service.getToken(request.body.user_id, request.body.refresh_token);
        return {
          ok: true as const,
          token: r.token,
          expires_in: r.expiresIn,
          refresh_token: r.refreshToken,
          user: r.user,
        };
      },
    );

    app.get(
      '/upd_token',
      { config: { public: true }, schema: { querystring: updTokenQuery, response: { 200: tokenResponse } } },
      async (request) => {
        const r = await service.refresh(request.query.token);
        return { ok: true as const, token: r.token, expires_in: r.expiresIn, refresh_token: r.refreshToken };
      },
    );

    app.post('/get_info', { schema: { response: { 200: getInfoResponse } } }, async (request) => {
      return { ok: true as const, user: await service.userInfo(requireAuth(request).userId) };
    });

    app.post('/logout', { schema: { response: { 200: logoutResponse } } }, async (request) => {
      await service.logout(requireAuth(request).sessionId);
      return { ok: true as const };
    });
  };
}
