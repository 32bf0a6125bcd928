import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// One plugin of routes; a module hands its plugins to the hosts that serve them.
export type Routes = FastifyPluginAsyncZod;

// The spec's three hosts, mounted in one process: main API, mailing and statistics, AI assistant.
export const HOST_PREFIXES = { main: '/api', mailing: '/api/mailing', ai: '/api/ai' } as const;
export type HostName = keyof typeof HOST_PREFIXES;
