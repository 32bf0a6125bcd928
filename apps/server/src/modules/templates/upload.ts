import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { TEMPLATE_STATUS } from '@salon/contract/templates';
import { FileRejected, type FileStore, type StagedFile } from '../../platform/files/file-store.js';
import { sniffContentType } from '../../platform/files/sniff.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { assertSafeFormField } from '../../platform/http/text-guard.js';

// A file part of the save request, received into a temporary file; its type read from its bytes.
export interface UploadedFile {
  staged: StagedFile;
  contentType: string;
}

// The POST /template form: the `data` field (JSON text) and the files by field name.
export interface TemplateUpload {
  data: string | undefined;
  files: Map<string, UploadedFile>;
}

export function fileError(reason: FileRejected['reason'], field: string): AppError {
  if (reason === 'too_big') return new AppError(413, TEMPLATE_STATUS.fileTooBig, field);
  return new AppError(415, TEMPLATE_STATUS.unsupportedFile, field);
}

function isFileTooLarge(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}
function isFilesLimit(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_FILES_LIMIT';
}

// Reads the multipart body part by part: files stream into temporary files as they come (refused as
// soon as they are too big or of a type SPEC 5 does not allow), nothing is kept yet. The caller
// commits the ones the template uses and calls `discard` for the rest, whatever happened.
export async function readTemplateUpload(
  request: FastifyRequest,
  store: FileStore,
): Promise<TemplateUpload & { discard(): Promise<void> }> {
  if (!request.isMultipart()) throw errors.badRequest('multipart_required');
  const upload: TemplateUpload = { data: undefined, files: new Map() };
  const staged: StagedFile[] = [];
  const discard = async () => {
    await Promise.all(staged.map((s) => store.discard(s)));
  };
  let field = '';
  try {
    for await (const part of request.parts()) {
      field = part.fieldname;
      assertSafeFormField(field, field);
      if (part.type === 'field') {
        if (part.fieldname === 'data') {
          if (part.valueTruncated) throw errors.badRequest('data_too_long');
          upload.data = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
          assertSafeFormField(field, upload.data);
        }
        continue;
      }
      assertSafeFormField(field, part.filename);
      const file = await store.stage(part.filename || part.fieldname, part.file);
      staged.push(file);
      // The multipart limit cut the stream at 20 MB: the bytes seen were not all of it.
      if (part.file.truncated) throw new FileRejected('too_big');
      // The bytes say what the file is; the type the client declared (part.mimetype) is not trusted.
      upload.files.set(part.fieldname, { staged: file, contentType: await sniffContentType(file) });
    }
  } catch (err) {
    await discard();
    if (err instanceof FileRejected) throw fileError(err.reason, field);
    if (isFileTooLarge(err)) throw fileError('too_big', field);
    if (isFilesLimit(err)) throw errors.badRequest('too_many_files');
    throw err;
  }
  return { ...upload, discard };
}
