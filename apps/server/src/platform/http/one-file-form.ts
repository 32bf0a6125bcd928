import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';
import { FileRejected, type FileStore, type StagedFile } from '../files/file-store.js';
import { sniffContentType } from '../files/sniff.js';
import { errors } from './errors.js';
import { assertSafeFormField } from './text-guard.js';

export interface FormFile {
  staged: StagedFile;
  // Read from the file's bytes, never from what the browser declared.
  contentType: string;
}

export interface OneFileForm {
  fields: Record<string, string>;
  file: FormFile | null;
  // Removes the staged file unless it was kept (then it moved away: a no-op).
  discard(): Promise<void>;
}

export interface OneFileFormOptions {
  // The one file part read; any other file part is read past.
  fileField: string;
  // The status texts of a refused file (the form's own contract names them).
  statuses: { tooBig: string; unsupported: string };
}

const codeOf = (err: unknown) =>
  typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;

// Reads a multipart form part by part: text fields as they are (NUL bytes and overlong values
// refused), the one file part streamed into a temporary file, refused as soon as the multipart
// limit cuts it or its bytes are of a type the sniffer does not allow. Nothing stays staged when
// the form is refused.
export async function readOneFileForm(
  request: FastifyRequest,
  store: FileStore,
  options: OneFileFormOptions,
): Promise<OneFileForm> {
  const { fileField, statuses } = options;
  const refusal = (reason: FileRejected['reason']) => {
    const status = reason === 'too_big' ? statuses.tooBig : statuses.unsupported;
    const issues = [{ path: `body.${fileField}`, code: status }];
    return new DomainError(reason === 'too_big' ? 'too_large' : 'unsupported_media', status, undefined, issues);
  };
  const fields: Record<string, string> = {};
  let file: FormFile | null = null;
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
      if (part.fieldname !== fileField || file) {
        // Not ours: read past it.
        part.file.resume();
        continue;
      }
      assertSafeFormField(fileField, part.filename || 'file');
      const staged = await store.stage(part.filename || 'file', part.file);
      // The multipart limit cut the stream: the bytes seen were not all of it.
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
    if (err instanceof FileRejected) throw refusal(err.reason);
    const code = codeOf(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusal('too_big');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw errors.badRequest('too_many_parts');
    }
    throw err;
  }
  return { fields, file, discard };
}
