import { AI_STATUS } from '@salon/contract/ai-agents';
import {
  AI_FILE_EXTENSIONS,
  AI_FILE_MAX_BYTES,
  AI_FILES_LIST_CAP,
  AI_FILES_STATUS,
  AI_SUMMARY_MAX,
  FILE_ERRORS,
  FILE_STAGES,
  aiFileExtension,
  truncateSummary,
  type AiFileExtension,
  type FileError,
  type FileStage,
  type KnowledgeFile,
  type TotalSize,
} from '@salon/contract/ai-files';
import { isApiError, NETWORK_ERROR_STATUS } from '../../../shared/api/api-error';
import { isAccessDenied } from '../../../shared/api/error-message';
import { dropAccept } from '../../../shared/ui/file-drop-rules';

export const AI_FILE_MAX_MB = AI_FILE_MAX_BYTES / 1_048_576;

// What browsers report for each kept type. An empty or generic type says nothing and passes.
const MIME_TYPES: Record<AiFileExtension, readonly string[]> = {
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  txt: ['text/plain'],
  rtf: ['application/rtf', 'text/rtf', 'application/x-rtf', 'text/richtext'],
  md: ['text/markdown', 'text/x-markdown', 'text/plain'],
  pdf: ['application/pdf', 'application/x-pdf'],
};
const GENERIC_TYPES = ['', 'application/octet-stream'];

// The drop zone's and the picker's filter (SPEC 5 AI documents); the checks below still run on
// every file, the refused ones included, and give the reason shown.
export const AI_FILE_DROP_ACCEPT = dropAccept(MIME_TYPES);
// Kinds that are never a document, whatever the name says.
const MEDIA_FAMILIES = /^(image|video|audio|font|model)\//;

export type FileCheckProblem = 'unsupported' | 'wrongExtension' | 'tooBig' | 'empty';

// SPEC 5 / 8 "Files": the checks made before anything is sent. A name outside the kept list is
// unsupported; a kept name whose content the browser knows to be something else (a photo named
// .pdf, a PDF named .txt) has the wrong extension; then the 10 MB limit and an empty file.
export function checkAiFile(file: { name: string; size: number; type: string }): FileCheckProblem | null {
  const extension = aiFileExtension(file.name);
  if (!extension) return 'unsupported';
  const type = file.type.toLowerCase();
  if (!GENERIC_TYPES.includes(type) && !MIME_TYPES[extension].includes(type)) {
    const otherKept = AI_FILE_EXTENSIONS.some((other) => MIME_TYPES[other].includes(type));
    if (otherKept || MEDIA_FAMILIES.test(type)) return 'wrongExtension';
  }
  if (file.size > AI_FILE_MAX_BYTES) return 'tooBig';
  if (file.size === 0) return 'empty';
  return null;
}

// Messages of a refused upload (keys under ai-files:upload.refused).
export type UploadRefusal = FileCheckProblem | 'totalExceeded' | 'notPaid' | 'accessDenied' | 'network' | 'failed';

const REFUSAL_BY_STATUS: Record<string, UploadRefusal> = {
  [AI_FILES_STATUS.tooBig]: 'tooBig',
  [AI_FILES_STATUS.wrongType]: 'unsupported',
  [AI_FILES_STATUS.totalExceeded]: 'totalExceeded',
  [AI_STATUS.notPaid]: 'notPaid',
  [NETWORK_ERROR_STATUS]: 'network',
};

// The server's refusal (AI_FILES_STATUS texts, SPEC 8) as one of our messages.
export function uploadRefusal(error: unknown): UploadRefusal {
  if (!isApiError(error)) return 'failed';
  if (isAccessDenied(error)) return 'accessDenied';
  // The server tells a name it does not keep ('extension') from content that is not what the
  // name says ('content').
  if (error.status === AI_FILES_STATUS.wrongType && error.detail === 'content') return 'wrongExtension';
  return REFUSAL_BY_STATUS[error.status] ?? 'failed';
}

// The summary's refusals (ai-files:summary.refused.*).
export function summaryRefusal(error: unknown): 'tooLong' | 'notFound' | 'notReady' | 'failed' {
  if (!isApiError(error)) return 'failed';
  if (error.status === AI_FILES_STATUS.summaryTooLong || error.issues.some((i) => i.code === 'summary_too_long')) {
    return 'tooLong';
  }
  if (error.status === AI_FILES_STATUS.notFound) return 'notFound';
  if (error.status === AI_FILES_STATUS.notReady) return 'notReady';
  return 'failed';
}

export interface StageView {
  current: number;
  count: number;
  stage: FileStage;
}

// "Stage 2 of 4: Conversion". current_stage is 1-based; a server that leaves it at 0 still gets
// the stage's place from its system name.
export function stageView(file: Pick<KnowledgeFile, 'current_stage' | 'stage_count' | 'stage_system_name'>): StageView {
  const count = Math.max(1, file.stage_count);
  const byName = FILE_STAGES.indexOf(file.stage_system_name) + 1;
  const current = file.current_stage > 0 ? file.current_stage : Math.max(1, byName);
  return { current: Math.min(current, count), count, stage: file.stage_system_name };
}

const KNOWN_ERRORS = Object.values(FILE_ERRORS) as readonly string[];

// stage_description of a file in 'error' holds one of FILE_ERRORS; anything else is 'unknown'.
export function fileErrorCode(description: string): FileError | 'unknown' {
  const code = description.trim();
  return KNOWN_ERRORS.includes(code) ? (code as FileError) : 'unknown';
}

// SPEC 4 unsaved-file flag: some file is not yet part of the saved settings.
export function hasUnsavedFiles(files: readonly Pick<KnowledgeFile, 'applied' | 'state'>[]): boolean {
  return files.some((file) => !file.applied && file.state !== 'deleted');
}

// Visible characters, as the contract's truncateSummary counts them (an emoji is one).
export function visibleLength(text: string): number {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  for (const _ of segmenter.segment(text.trim())) count += 1;
  return count;
}

export interface SummaryDraft {
  length: number;
  // Over 200: the text is shortened before sending (SPEC 5), and the form says so.
  over: boolean;
  toSend: string;
}

export function summaryDraft(text: string): SummaryDraft {
  const length = visibleLength(text);
  // The server counts visible characters too (contract summaryPatchBody).
  return { length, over: length > AI_SUMMARY_MAX, toSend: truncateSummary(text) };
}

export interface TotalSizeView {
  current: number;
  max: number;
  // 0..100 for the bar.
  percent: number;
  full: boolean;
}

// SPEC 3 Total size in its unit (MB); the bar never runs past its end.
export function totalSizeView(total: TotalSize): TotalSizeView {
  const max = Math.max(0, total.max_total_size);
  const current = Math.max(0, total.current_total_size);
  const percent = max > 0 ? Math.min(100, (current / max) * 100) : 0;
  return { current, max, percent, full: max > 0 && current >= max };
}

// SPEC 5: the list shows up to 500 files, newest first.
export function visibleFiles(files: readonly KnowledgeFile[]): KnowledgeFile[] {
  return [...files]
    .filter((file) => file.state !== 'deleted')
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
    .slice(0, AI_FILES_LIST_CAP);
}

// SPEC 7: the progress stream's address. EventSource sends no headers, so the token rides in the query.
export function fileStreamUrl(base: string, accId: number, fileId: number, token: string): string {
  const query = new URLSearchParams({
    file_id: String(fileId),
    account_id: String(accId),
    origin: 'lk',
    backend: 'main',
    token,
  });
  return `${base.replace(/\/$/, '')}/api/v1/files/${accId}/${fileId}/state/sse?${query.toString()}`;
}
