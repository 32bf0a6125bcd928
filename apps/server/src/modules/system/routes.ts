import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigResponse, type PublicConfig } from '@salon/contract/public-config';

export function systemRoutes(publicConfig: () => Promise<PublicConfig>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/public_config', { config: { public: true }, schema: { response: { 200: publicConfigResponse } } }, () =>
      publicConfig(),
    );
  };
}
