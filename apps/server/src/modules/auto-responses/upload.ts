import type { FastifyRequest } from 'fastify';
import { KEY_PHRASE_MEDIA_FIELD, KEY_PHRASE_STATUS } from '@salon/contract/auto-responses';
import type { FileStore } from '../../platform/files/file-store.js';
import { errors } from '../../platform/http/errors.js';
import { readOneFileForm, type OneFileForm } from '../../platform/http/one-file-form.js';

export type KeyPhraseForm = OneFileForm;

// The add/update form of a key phrase: its text fields and the one file part `media` (SPEC 5 sizes
// and types), typed by its bytes.
export function readKeyPhraseForm(request: FastifyRequest, store: FileStore): Promise<KeyPhraseForm> {
  if (!request.isMultipart()) throw errors.badRequest('multipart_required');
  return readOneFileForm(request, store, {
    fileField: KEY_PHRASE_MEDIA_FIELD,
    statuses: { tooBig: KEY_PHRASE_STATUS.fileTooBig, unsupported: KEY_PHRASE_STATUS.unsupportedFile },
  });
}
