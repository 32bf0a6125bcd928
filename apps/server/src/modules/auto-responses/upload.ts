import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { KEY_PHRASE_MEDIA_FIELD, KEY_PHRASE_STATUS } from '@salon/contract/auto-responses';
import { DomainError } from '../../platform/errors.js';
import { FileRejected, type FileStore } from '../../platform/files/file-store.js';
import { sniffContentType } from '../../platform/files/sniff.js';
import { errors } from '../../platform/http/errors.js';
import { assertSafeFormField } from '../../platform/http/text-guard.js';
import type { KeyPhraseFile } from './service.js';

export interface KeyPhraseForm {
  fields: Record<string, string>;
  file: KeyPhraseFile | null;
  // Removes the staged file unless it was committed (then it moved away: a no-op).
  discard(): Promise<void>;
}

function fileRefusal(reason: FileRejected['reason']): DomainError {
  const issues = (status: string) => [{ path: `body.${KEY_PHRASE_MEDIA_FIELD}`, code: status }];
  return reason === 'too_big'
    ? new DomainError('too_large', KEY_PHRASE_STATUS.fileTooBig, undefined, issues(KEY_PHRASE_STATUS.fileTooBig))
    : new DomainError(
        'unsupported_media',
        KEY_PHRASE_STATUS.unsupportedFile,
        undefined,
        issues(KEY_PHRASE_STATUS.unsupportedFile),
      );
}

const codeOf = (err: unknown) =>
  typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;

// Reads the add/update form part by part: text fields as they are, the one file part `media`
// streamed into a temporary file (refused as soon as it is too big or of a type SPEC 5 does not
// allow), its type read from its bytes, never from what the browser declared.
export async function readKeyPhraseForm(request: FastifyRequest, store: FileStore): Promise<KeyPhraseForm> {
  if (!request.isMultipart()) throw errors.badRequest('multipart_required');
  const fields: Record<string, string> = {};
  let file: KeyPhraseFile | null = null;
  const discard = async () => {
    if (file) await store.discard(file.staged);
  };
  try {
    for await (const part of request.parts()) {
      assertSafeFormField(part.fieldname, part.fieldname);
      if (part.type === 'field') {
        if (part.valueTruncated) throw errors.badRequest(`${part.fieldname}_too_long`);
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        assertSafeFormField(part.fieldname, value);
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== KEY_PHRASE_MEDIA_FIELD || file) {
        // Not ours: read past it.
        part.file.resume();
        continue;
      }
      assertSafeFormField(KEY_PHRASE_MEDIA_FIELD, part.filename || 'file');
      const staged = await store.stage(part.filename || 'file', part.file);
      // The multipart limit cut the stream at 20 MB: the bytes seen were not all of it.
      if (part.file.truncated) {
        await store.discard(staged);
        throw new FileRejected('too_big');
      }
      try {
        file = { staged, contentType: await sniffContentType(staged) };
      } catch (err) {
        await store.discard(staged);
        throw err;
      }
    }
  } catch (err) {
    await discard();
    if (err instanceof FileRejected) throw fileRefusal(err.reason);
    const code = codeOf(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileRefusal('too_big');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw errors.badRequest('too_many_parts');
    }
    throw err;
  }
  return { fields, file, discard };
}
