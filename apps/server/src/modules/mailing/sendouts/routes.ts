import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_CLIENT_LIST_BYTES } from '@salon/contract/mailing-clients';
import {
  MAX_MAILING_MEDIA_BYTES,
  parsedClientFile,
  startSendoutResponse,
  testSendoutResponse,
} from '@salon/contract/mailing-sendouts';
import type { FileStore } from '../../../platform/files/file-store.js';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import { CLIENT_LIST_FILE, type ClientListUploads } from './client-list-upload.js';
import { readMailingForm } from './form.js';
import type { SendoutLaunches } from './launch.js';
import { MAILING_MEDIA_FILE } from './media-rule.js';
import type { SendoutTestMessages } from './test-message.js';

export interface SendoutFormRoutesDeps {
  uploads: ClientListUploads;
  launches: SendoutLaunches;
  tests: SendoutTestMessages;
  files: FileStore;
}

// SPEC 7 Mailing host forms: /parse_xlsx, /start_sendout, /test_sendout. The multipart parser
// exists only in this scope; each form carries at most one file, which is received into a
// temporary file and removed after the answer unless the send-out kept it.
export function sendoutFormRoutes(deps: SendoutFormRoutesDeps): FastifyPluginAsyncZod {
  const { uploads, launches, tests, files } = deps;
  return async (app) => {
    const form = app.withTypeProvider<ZodTypeProvider>();
    await form.register(fastifyMultipart, {
      limits: {
        fileSize: Math.max(MAX_CLIENT_LIST_BYTES, MAX_MAILING_MEDIA_BYTES),
        files: 3,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 25,
      },
    });
    // A refusal (rights, a file too big) can come before the client has sent the whole form: the
    // connection closes after the answer instead of waiting for (or reading) the rest. An answer
    // to a form that was read is never cut short: the request stream may not have signalled its
    // end yet, and closing then could reset the socket under the browser's feet.
    form.addHook('onSend', async (req, reply) => {
      if (reply.statusCode >= 400 && !req.raw.readableEnded) void reply.header('connection', 'close');
    });
    const config = { guard: 'mailing' } as const;

    form.post('/parse_xlsx', { config, schema: { response: { 200: parsedClientFile } } }, async (req, reply) => {
      const caller = requireBranch(req);
      const upload = await readMailingForm(req, files, CLIENT_LIST_FILE);
      // The list is read only while someone waits for the answer (issue 12).
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) gone.abort();
      };
      reply.raw.once('close', onClose);
      try {
        return await uploads.parse(caller, upload, gone.signal);
      } finally {
        reply.raw.off('close', onClose);
        await upload.discard();
      }
    });

    form.post('/start_sendout', { config, schema: { response: { 200: startSendoutResponse } } }, async (req) => {
      const caller = requireBranch(req);
      const upload = await readMailingForm(req, files, MAILING_MEDIA_FILE);
      try {
        return await launches.start(caller, upload);
      } finally {
        await upload.discard();
      }
    });

    form.post('/test_sendout', { config, schema: { response: { 200: testSendoutResponse } } }, async (req) => {
      const caller = requireBranch(req);
      const upload = await readMailingForm(req, files, MAILING_MEDIA_FILE);
      try {
        return await tests.send(caller, upload);
      } finally {
        await upload.discard();
      }
    });
  };
}
