import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AI_SSE_RECONNECT_DELAY_MS,
  sseParams,
  sseQuery,
  type FileEvent,
  type KnowledgeFile,
} from '@salon/contract/ai-files';
import { allows } from '@salon/contract/rights';
import type { Authenticator } from '../../../platform/http/auth-context.js';
import { errors } from '../../../platform/http/errors.js';
import { knowledgeErrors, type KnowledgeService } from './service.js';

// The row is read this often while a file is processed: polling works across processes (the job
// runs on a worker) and costs one indexed read.
const POLL_MS = 300;
// A comment line now and then keeps proxies from closing a quiet stream.
const HEARTBEAT_MS = 15_000;

const eventOf = (file: KnowledgeFile): FileEvent['event'] =>
  file.state === 'ready' ? 'done' : file.state === 'error' || file.state === 'deleted' ? 'error' : 'processing';
const progressKey = (f: KnowledgeFile) => `${f.state}|${f.stage_system_name}|${f.chunk_count}|${f.summary}`;

// SPEC 7 `/api/v1/files/{accId}/{fileId}/state/sse`: live progress of one file. EventSource sends
// no headers, so the token comes in the query and is checked here with the auth hook's own
// authenticator (401 for a bad or expired one: the cabinet refreshes and reconnects), as is the
// caller's membership of the branch. `processing` on every change of state or stage, then `done`
// (ready) or `error` (failed or deleted), and the stream ends.
export function knowledgeSseRoutes(service: KnowledgeService, authenticator: Authenticator): FastifyPluginAsyncZod {
  return async (app) => {
    const open = new Set<() => void>();
    // Streams never end by themselves while a file waits: the server's close ends them.
    app.addHook('onClose', async () => {
      for (const stop of [...open]) stop();
    });

    app.get(
      '/api/v1/files/:accId/:fileId/state/sse',
      { config: { public: true }, schema: { params: sseParams, querystring: sseQuery } },
      async (req, reply) => {
        const { accId, fileId } = req.params;
        if (req.query.account_id !== undefined && req.query.account_id !== accId)
          throw errors.accessDenied('account_id');
        if (req.query.file_id !== undefined && req.query.file_id !== fileId) throw errors.badRequest('file_id');
        const auth = await authenticator.authenticate(req.query.token, accId);
        if (!auth.branch || !allows(auth.branch.rights, 'member')) throw errors.failRights();
        const first = await service.state({ accId }, fileId);

        const stream = new PassThrough();
        let last = '';
        let timer: NodeJS.Timeout | undefined;
        let stopped = false;
        const stop = () => {
          if (stopped) return;
          stopped = true;
          clearTimeout(timer);
          clearInterval(heartbeat);
          open.delete(stop);
          stream.end();
        };
        const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
        open.add(stop);
        reply.raw.on('close', stop);

        // Writes the file when it changed; true when the stream is over.
        const emit = (file: KnowledgeFile | null): boolean => {
          if (!file) {
            stream.write(`event: error\ndata: ${JSON.stringify({ status: knowledgeErrors.notFound().status })}\n\n`);
            return true;
          }
          const key = progressKey(file);
          const event = eventOf(file);
          if (key !== last || event !== 'processing') {
            last = key;
            stream.write(`event: ${event}\ndata: ${JSON.stringify({ event, file } satisfies FileEvent)}\n\n`);
          }
          return event !== 'processing';
        };
        const poll = async () => {
          if (stopped) return;
          try {
            if (emit(await service.current(accId, fileId))) return stop();
          } catch (err) {
            req.log.warn({ err, fileId }, 'knowledge progress stream: read failed');
            return stop();
          }
          if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
        };

        stream.write(`retry: ${AI_SSE_RECONNECT_DELAY_MS}\n\n`);
        if (emit(first)) stop();
        else timer = setTimeout(() => void poll(), POLL_MS);
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  };
}
