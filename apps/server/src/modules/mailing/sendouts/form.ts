import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { STATUS } from '@salon/contract/status';
import { FileRejected, type FileStore, type StagedFile } from '../../../platform/files/file-store.js';
import { errors, type AppError } from '../../../platform/http/errors.js';
import { assertSafeFormField } from '../../../platform/http/text-guard.js';

// A file part of a mailing form, received into a temporary file.
export interface FormFile {
  staged: StagedFile;
  contentType: string;
}

export interface MailingForm {
  // Text fields by name (the last one wins when a name repeats).
  fields: Record<string, string>;
  file: FormFile | null;
  // Removes the temporary file unless it was committed (moved away) already; always safe to call.
  discard(): Promise<void>;
}

export interface FileRule {
  // The form field the file comes in; file parts under other names are read and dropped.
  field: string;
  // Refuses a file by its name before a byte is written (SPEC 5 types); null lets it through.
  checkName(fileName: string): AppError | null;
  // What a refused file answers.
  refusal(reason: FileRejected['reason']): AppError;
  // The file's content type read from its received bytes (throws FileRejected when they are not
  // what the rule allows); without it the declared type is kept.
  contentTypeOf?(staged: StagedFile): Promise<string>;
}

function code(err: unknown): unknown {
  return typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // Nothing is kept of a part nobody asked for.
  }
}

// Reads a multipart mailing form part by part. The one file streams into a temporary file (as
// templates' uploads do, through the FileStore), refused as soon as its name or size breaks the
// rule. The caller commits the file or lets `discard` remove it, whatever happened.
export async function readMailingForm(request: FastifyRequest, store: FileStore, rule: FileRule): Promise<MailingForm> {
  if (!request.isMultipart()) throw errors.badRequest('multipart_required');
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
      if (part.fieldname !== rule.field || file) {
        await drain(part.file);
        continue;
      }
      assertSafeFormField(part.fieldname, part.filename);
      const refused = rule.checkName(part.filename);
      if (refused) throw refused;
      const staged = await store.stage(part.filename || part.fieldname, part.file);
      file = { staged, contentType: part.mimetype };
      // The multipart limit cut the stream: the bytes seen were not all of it.
      if (part.file.truncated) throw new FileRejected('too_big');
      if (rule.contentTypeOf) file.contentType = await rule.contentTypeOf(staged);
    }
  } catch (err) {
    await discard();
    if (err instanceof FileRejected) throw rule.refusal(err.reason);
    if (code(err) === 'FST_REQ_FILE_TOO_LARGE') throw rule.refusal('too_big');
    if (code(err) === 'FST_FILES_LIMIT' || code(err) === 'FST_PARTS_LIMIT' || code(err) === 'FST_FIELDS_LIMIT') {
      throw errors.badRequest('too_many_parts');
    }
    throw err;
  }
  return { fields, file, discard };
}

// The fields a form really filled in: a browser's FormData sends an unset input as '' (an
// immediate launch's time_start, a test without a send-out), which means "absent"; the `keep`
// fields are taken as typed, so an empty text is refused as empty rather than as missing.
export function filledFields(fields: Record<string, string>, keep: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter(([name, value]) => value.trim() !== '' || keep.includes(name)),
  );
}

// A form's fields that broke their contract, answered like a JSON body the schema refused.
export function invalidFields(error: z.ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), code: i.message }));
  return errors.invalid(STATUS.badRequest, issues);
}
