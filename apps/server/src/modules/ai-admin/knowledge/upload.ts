import { readFile } from 'node:fs/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { aiFileExtension } from '@salon/contract/ai-files';
import { FileRejected, type FileStore, type StagedFile } from '../../../platform/files/file-store.js';
import { errors } from '../../../platform/http/errors.js';
import { assertSafeFormField } from '../../../platform/http/text-guard.js';
import { bytesMatch } from './file-kind.js';
import { knowledgeErrors, type KnowledgeUpload } from './service.js';

const codeOf = (err: unknown) =>
  typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;

// The file store keeps the cabinet's attachment types; Markdown is plain text to it.
const storeName = (fileName: string) => (aiFileExtension(fileName) === 'md' ? `${fileName}.txt` : fileName);

// Reads the upload form: its one file streams into a temporary file (cut at 10 MB by the multipart
// limit), refused unless its name has a kept extension and its bytes are that format. The caller
// discards `staged` unless the service kept it.
export async function readKnowledgeUpload(request: FastifyRequest, store: FileStore): Promise<KnowledgeUpload> {
  if (!request.isMultipart()) throw errors.badRequest('multipart_required');
  let upload: KnowledgeUpload | null = null;
  let staged: StagedFile | null = null;
  try {
    for await (const part of request.parts()) {
      assertSafeFormField(part.fieldname, part.fieldname);
      if (part.type === 'field') continue;
      if (upload) {
        part.file.resume();
        continue;
      }
      const fileName = part.filename || 'file';
      assertSafeFormField(part.fieldname, fileName);
      const extension = aiFileExtension(fileName);
      if (!extension) {
        part.file.resume();
        throw knowledgeErrors.wrongType('extension');
      }
      staged = await store.stage(storeName(fileName), part.file);
      if (part.file.truncated) throw knowledgeErrors.tooBig();
      if (!bytesMatch(extension, await readFile(staged.tmpPath))) throw knowledgeErrors.wrongType('content');
      // The store's cleaned name, without the suffix Markdown was stored under.
      const shown = extension === 'md' ? staged.fileName.replace(/\.txt$/, '') : staged.fileName;
      upload = { fileName: aiFileExtension(shown) === extension ? shown : `file.${extension}`, extension, staged };
    }
  } catch (err) {
    if (staged) await store.discard(staged);
    if (err instanceof FileRejected)
      throw err.reason === 'too_big' ? knowledgeErrors.tooBig() : knowledgeErrors.wrongType(err.reason);
    const code = codeOf(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw knowledgeErrors.tooBig();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw errors.badRequest('too_many_parts');
    }
    throw err;
  }
  if (!upload) throw errors.invalid(errors.badRequest().status, [{ path: 'body.file', code: 'required' }]);
  return upload;
}
