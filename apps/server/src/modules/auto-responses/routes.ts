import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import {
  KEY_PHRASE_STATUS,
  keyPhraseActiveBody,
  keyPhraseDeletedResponse,
  keyPhraseIdBody,
  keyPhraseSavedResponse,
  keyPhraseSettings,
  keyPhraseSettingsResponse,
  keyPhrasesResponse,
} from '@salon/contract/auto-responses';
import type { FileStore } from '../../platform/files/file-store.js';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { AutoResponsesService } from './service.js';
import { readKeyPhraseForm } from './upload.js';

// SPEC 7 Other: key phrases. Reading is for every member of the branch; changing them needs the
// edit-templates right (SPEC 6 "Manage Templates"): an auto-response is an automatic message the
// salon's bot sends, like a template.
export function autoResponsesRoutes(service: AutoResponsesService, files: FileStore): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { guard: 'member' } as const;
    const edit = { guard: 'editTemplates' } as const;

    app.get('/get_key_phrases', { config: read, schema: { response: { 200: keyPhrasesResponse } } }, async (req) => {
      const data = await service.list(requireBranch(req).accId);
      return { ok: true as const, data, count: data.length };
    });

    app.post(
      '/delete_key_phrase',
      { config: edit, schema: { body: keyPhraseIdBody, response: { 200: keyPhraseDeletedResponse } } },
      async (req) => {
        await service.remove(requireBranch(req).accId, req.body.id);
        return { ok: true as const, status: KEY_PHRASE_STATUS.deleted, id: req.body.id };
      },
    );

    app.post(
      '/active_key_phrase',
      { config: edit, schema: { body: keyPhraseActiveBody, response: { 200: keyPhraseSavedResponse } } },
      async (req) => ({
        ok: true as const,
        status: KEY_PHRASE_STATUS.switched,
        data: await service.setActive(requireBranch(req).accId, req.body.id, req.body.active),
      }),
    );

    app.get(
      '/key_phrases_settings',
      { config: read, schema: { response: { 200: keyPhraseSettingsResponse } } },
      async (req) => ({ ok: true as const, data: await service.settings(requireBranch(req).accId) }),
    );

    app.post(
      '/key_phrases_settings',
      { config: edit, schema: { body: keyPhraseSettings, response: { 200: keyPhraseSettingsResponse } } },
      async (req) => ({ ok: true as const, data: await service.saveSettings(requireBranch(req).accId, req.body) }),
    );

    // The multipart parser exists only in this inner scope: no other route accepts form data.
    await app.register(async (form) => {
      await form.register(fastifyMultipart, {
        limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 12, fieldSize: 64 * 1024, parts: 14 },
      });
      // A refusal (rights, a file too big) can come before the client has sent the whole form: the
      // connection closes after the answer instead of waiting for the rest.
      form.addHook('onSend', async (req, reply) => {
        if (!req.raw.readableEnded) void reply.header('connection', 'close');
      });
      for (const [path, created] of [
        ['/add_key_phrase', true],
        ['/update_key_phrase', false],
      ] as const) {
        form.post(path, { config: edit, schema: { response: { 200: keyPhraseSavedResponse } } }, async (req) => {
          const { accId } = requireBranch(req);
          const upload = await readKeyPhraseForm(req, files);
          try {
            const data = created
              ? await service.add(accId, upload.fields, upload.file)
              : await service.update(accId, upload.fields, upload.file);
            return { ok: true as const, status: created ? KEY_PHRASE_STATUS.created : KEY_PHRASE_STATUS.updated, data };
          } finally {
            await upload.discard();
          }
        });
      }
    });
  };
}
