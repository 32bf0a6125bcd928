import { z } from 'zod';
import { INT4_MAX } from './db-limits.js';

// SPEC 3 "Knowledge file" / "Total size", SPEC 4 "AI assistant", SPEC 5 "AI documents", SPEC 7 AI host
// `/api/v1/files/` (mounted at /api/ai). Validation and status texts are codes the cabinet
// translates (ai-files.errors.<code>).
//
//   GET    /api/ai/api/v1/files/?account_id&origin&backend&limit&skip          → filesResponse
//   POST   /api/ai/api/v1/files/?account_id   multipart: file                  → fileResponse (state 'upload')
//   DELETE /api/ai/api/v1/files/?account_id&file_id                            → fileResponse (state 'deleted')
//   GET    /api/ai/api/v1/files/state?account_id&file_id                       → fileResponse
//   GET    /api/ai/api/v1/files/total_size?account_id                          → totalSizeResponse
//   PATCH  /api/ai/api/v1/files/summary?account_id&file_id  {summary}          → fileResponse
//   GET    /api/ai/api/v1/files/{accId}/{fileId}/state/sse?file_id&account_id&origin&backend&token
//          text/event-stream: `event: processing|done|error`, `data: fileEvent`
//
// The SSE call carries its token in the query (EventSource sends no headers); every other call the
// bearer header.

export const AI_FILE_EXTENSIONS = ['doc', 'docx', 'txt', 'rtf', 'md', 'pdf'] as const;
export type AiFileExtension = (typeof AI_FILE_EXTENSIONS)[number];
export const AI_FILE_MAX_BYTES = 10_485_760;
// SPEC 3 Total size: what one branch's knowledge files may take together, in the unit below.
export const AI_TOTAL_MAX_BYTES = 52_428_800;
export const AI_TOTAL_UNIT = 'MB' as const;
export const AI_SUMMARY_MAX = 200;
// SPEC 5 / 9: the list shows up to 500 files; the cabinet asks with limit 10000.
export const AI_FILES_LIST_CAP = 500;
export const AI_FILES_FETCH_LIMIT = 10_000;
// SPEC 4 / 9 stream rules: reconnect after 1000 ms, at most 2 times in one place.
export const AI_SSE_RECONNECT_DELAY_MS = 1000;
export const AI_SSE_MAX_RECONNECTS = 2;

export const FILE_STATES = ['upload', 'convert', 'vectorize', 'ready', 'error', 'deleted'] as const;
export type FileState = (typeof FILE_STATES)[number];
// SPEC 4: files not ready, error or deleted are "in process" (a stream is opened for each).
export function isFileInProcess(state: FileState): boolean {
  return state !== 'ready' && state !== 'error' && state !== 'deleted';
}

// The stages a file goes through after the upload, in order (stageSystemName).
export const FILE_STAGES = ['upload', 'convert', 'summarize', 'vectorize'] as const;
export type FileStage = (typeof FILE_STAGES)[number];

// Why a file ended in 'error' (stage_description holds the code; the cabinet translates it).
export const FILE_ERRORS = {
  tooBig: 'file_too_big',
  wrongType: 'wrong_type',
  totalExceeded: 'total_size_exceeded',
  damaged: 'damaged_file',
  encrypted: 'password_protected',
  noText: 'no_text_layer',
  empty: 'empty_text',
} as const;
export type FileError = (typeof FILE_ERRORS)[keyof typeof FILE_ERRORS];

// Status texts of a refused call (the body's `status`): the cabinet maps each to a message.
export const AI_FILES_STATUS = {
  tooBig: 'File too big',
  wrongType: 'Wrong file type',
  totalExceeded: 'Total size exceeded',
  summaryTooLong: 'Summary too long',
  notFound: 'File not found',
  notReady: 'File not ready',
} as const;

// 'file.docx' → 'docx'; null for a name without a kept extension.
export function aiFileExtension(fileName: string): AiFileExtension | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return (AI_FILE_EXTENSIONS as readonly string[]).includes(ext) && fileName.includes('.')
    ? (ext as AiFileExtension)
    : null;
}

// SPEC 5: a longer summary is truncated to 200 characters (by visible character, so no emoji
// is cut in half).
export function truncateSummary(text: string): string {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const parts = [...segmenter.segment(text.trim())].map((s) => s.segment);
  if (parts.length <= AI_SUMMARY_MAX) return parts.join('');
  return `${parts
    .slice(0, AI_SUMMARY_MAX - 1)
    .join('')
    .trimEnd()}…`;
}

// SPEC 3 Knowledge file with its wire names (snake_case like the rest of the AI host).
export const knowledgeFile = z.object({
  id: z.number().int().positive().max(INT4_MAX),
  account_id: z.number().int(),
  agent_id: z.number().int(),
  size: z.number().int().nonnegative(),
  raw_url: z.string().nullable(),
  converted_url: z.string().nullable(),
  origin: z.enum(['file', 'file_summary']),
  summary: z.string(),
  state: z.enum(FILE_STATES),
  file_name: z.string(),
  created_at: z.string(),
  is_active: z.boolean(),
  // Saved with the settings: false from the upload until the next settings save (SPEC 4 unsaved-file flag).
  applied: z.boolean(),
  current_stage: z.number().int().nonnegative(),
  stage_count: z.number().int().positive(),
  stage_description: z.string(),
  stage_name: z.string(),
  stage_system_name: z.enum(FILE_STAGES),
  // Passages the file was cut into (0 until indexed).
  chunk_count: z.number().int().nonnegative(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFile>;

export const filesQuery = z.object({
  // SPEC 7 names the branch as account_id too; when given it must equal acc_id (the session's branch).
  account_id: z.coerce.number().int().optional(),
  origin: z.string().max(200).optional(),
  backend: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AI_FILES_FETCH_LIMIT).default(AI_FILES_FETCH_LIMIT),
  skip: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
});
export const fileQuery = z.object({
  // SPEC 7 names the branch as account_id too; when given it must equal acc_id (the session's branch).
  account_id: z.coerce.number().int().optional(),
  file_id: z.coerce.number().int().positive().max(INT4_MAX),
});
export const filesResponse = z.object({ data: z.array(knowledgeFile), total: z.number().int() });
export const fileResponse = z.object({ data: knowledgeFile });
export const totalSizeResponse = z.object({
  max_total_size: z.number(),
  current_total_size: z.number(),
  unit_of_measurement: z.literal(AI_TOTAL_UNIT),
});
export type TotalSize = z.infer<typeof totalSizeResponse>;
// A summary over 200 characters is refused (the cabinet truncates before sending).
export const summaryBody = z
  .object({ summary: z.string().max(AI_SUMMARY_MAX, { message: 'summary_too_long' }) })
  .strict();
// What the server's PATCH accepts on the wire: a longer summary reaches the service, which answers
// 400 with the status AI_FILES_STATUS.summaryTooLong (counted by visible character, as
// truncateSummary) instead of a generic validation error.
export const summaryPatchBody = z.object({ summary: z.string().max(10_000) }).strict();
// The calls that name only the branch (upload, total size).
export const accountQuery = z.object({
  account_id: z.coerce.number().int().optional(),
  origin: z.string().max(200).optional(),
  backend: z.string().max(200).optional(),
});

export const sseQuery = z.object({
  file_id: z.coerce.number().int().positive().max(INT4_MAX).optional(),
  account_id: z.coerce.number().int().optional(),
  origin: z.string().max(200).optional(),
  backend: z.string().max(200).optional(),
  token: z.string().min(1).max(4000),
});
export const sseParams = z.object({
  // Used before any auth hook has checked it (the stream authenticates itself): a branch id.
  accId: z.coerce.number().int().positive().max(INT4_MAX),
  fileId: z.coerce.number().int().positive().max(INT4_MAX),
});
// One `data:` line of the stream: the file as it is now.
export const fileEvent = z.object({ event: z.enum(['processing', 'done', 'error']), file: knowledgeFile });
export type FileEvent = z.infer<typeof fileEvent>;
