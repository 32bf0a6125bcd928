import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { FEEDBACK_FILE_FIELD, SUPPORT_STATUS } from '@salon/contract/support';
import { DomainError } from '../../platform/errors.js';
import { FileRejected, type FileStore, type StagedFile } from '../../platform/files/file-store.js';
import { sniffContentType } from '../../platform/files/sniff.js';
import { errors } from '../../platform/http/errors.js';
import { assertSafeFormField } from '../../platform/http/text-guard.js';

export interface FeedbackFile {
  staged: StagedFile;
  contentType: string;
}

export interface FeedbackForm {
  fields: Record<string, string>;
  file: FeedbackFile | null;
  // Removes the staged file unless it was kept (then it moved away: a no-op).
  discard(): Promise<void>;
}

function fileRefusal(reason: FileRejected['reason']): DomainError {
  const status = reason === 'too_big' ? SUPPORT_STATUS.fileTooBig : SUPPORT_STATUS.fileUnsupported;
  const issues = [{ path: `body.${FEEDBACK_FILE_FIELD}`, code: status }];
  return new DomainError(reason === 'too_big' ? 'too_large' : 'unsupported_media', status, undefined, issues);
}

const codeOf = (err: unknown) =>
  typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;

// Reads the feedback form part by part (as the key-phrase form does): text fields as they are, the
// one file part streamed into a temporary file, refused as soon as it is over 20 MB or of a type
// SPEC 5 does not allow, its type read from its bytes.
export async function readFeedbackForm(request: FastifyRequest, store: FileStore): Promise<FeedbackForm> {
  const fields: Record<string, string> = {};
  let file: FeedbackFile | null = null;
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
      if (part.fieldname !== FEEDBACK_FILE_FIELD || file) {
        part.file.resume();
        continue;
      }
      assertSafeFormField(FEEDBACK_FILE_FIELD, part.filename || 'file');
      const staged = await store.stage(part.filename || 'file', part.file);
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
