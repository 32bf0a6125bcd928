import { AI_STATUS } from '@salon/contract/ai-agents';
import {
  AI_FILES_LIST_CAP,
  AI_FILES_STATUS,
  AI_SUMMARY_MAX,
  AI_TOTAL_MAX_BYTES,
  AI_TOTAL_UNIT,
  FILE_ERRORS,
  FILE_STAGES,
  type AiFileExtension,
  type FileStage,
  type FileState,
  type KnowledgeFile,
  type TotalSize,
} from '@salon/contract/ai-files';
import type { Clock } from '../../../platform/clock.js';
import { DomainError } from '../../../platform/errors.js';
import type { FileStore, StagedFile } from '../../../platform/files/file-store.js';
import { errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { KnowledgeFileRow, KnowledgeRepository } from './repository.js';

export interface KnowledgeCaller {
  accId: number;
}

// A file received and checked by its bytes (upload.ts), not yet kept.
export interface KnowledgeUpload {
  fileName: string;
  extension: AiFileExtension;
  staged: StagedFile;
}

export interface KnowledgeServiceDeps {
  repo: KnowledgeRepository;
  files: FileStore;
  clock: Clock;
  logger: Logger;
  // Starts processing a stored file (a queue job; without a queue the sweep finds it).
  kick(fileId: number): Promise<void>;
}

// The stage names the cabinet shows when it has no translation (it translates stage_system_name).
const STAGE_NAMES: Record<FileStage, string> = {
  upload: 'Uploading',
  convert: 'Converting to text',
  summarize: 'Writing the summary',
  vectorize: 'Indexing',
};
const MB = 1_048_576;

export const knowledgeErrors = {
  tooBig: () =>
    new DomainError('too_large', AI_FILES_STATUS.tooBig, undefined, [{ path: 'body.file', code: FILE_ERRORS.tooBig }]),
  wrongType: (detail?: string) =>
    new DomainError('unsupported_media', AI_FILES_STATUS.wrongType, detail, [
      { path: 'body.file', code: FILE_ERRORS.wrongType },
    ]),
  totalExceeded: () =>
    new DomainError('too_large', AI_FILES_STATUS.totalExceeded, undefined, [
      { path: 'body.file', code: FILE_ERRORS.totalExceeded },
    ]),
  notFound: () => new DomainError('not_found', AI_FILES_STATUS.notFound),
  summaryTooLong: () =>
    new DomainError('invalid', AI_FILES_STATUS.summaryTooLong, undefined, [
      { path: 'body.summary', code: 'summary_too_long' },
    ]),
};

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;

// SPEC 3 Knowledge file / Total size, SPEC 4 states, SPEC 5 limits, SPEC 7 `/api/v1/files/`.
export class KnowledgeService {
  constructor(private readonly d: KnowledgeServiceDeps) {}

  // As the agent's settings: send-out-only branches have no AI pages; writes need the paid module.
  async assertBranch(caller: KnowledgeCaller, write: boolean): Promise<void> {
    const branch = await this.d.repo.branch(caller.accId);
    if (!branch) throw errors.accountsNotFound();
    if (branch.sendOutAccount) throw errors.failRights('send_out_account');
    if (write && !branch.paid) throw new DomainError('forbidden', AI_STATUS.notPaid);
  }

  async list(caller: KnowledgeCaller, limit: number, skip: number): Promise<{ data: KnowledgeFile[]; total: number }> {
    await this.assertBranch(caller, false);
    const { rows, total } = await this.d.repo.list(caller.accId, Math.min(limit, AI_FILES_LIST_CAP), skip);
    return { data: rows.map(toWire), total };
  }

  async state(caller: KnowledgeCaller, fileId: number): Promise<KnowledgeFile> {
    await this.assertBranch(caller, false);
    const row = await this.d.repo.get(caller.accId, fileId);
    if (!row) throw knowledgeErrors.notFound();
    return toWire(row);
  }

  // The file as it is now, or null (the progress stream polls this).
  async current(accId: number, fileId: number): Promise<KnowledgeFile | null> {
    const row = await this.d.repo.get(accId, fileId);
    return row ? toWire(row) : null;
  }

  async totalSize(caller: KnowledgeCaller): Promise<TotalSize> {
    await this.assertBranch(caller, false);
    const used = await this.d.repo.usedBytes(caller.accId);
    return {
      max_total_size: AI_TOTAL_MAX_BYTES / MB,
      current_total_size: Math.round((used / MB) * 100) / 100,
      unit_of_measurement: AI_TOTAL_UNIT,
    };
  }

  // Keeps the checked upload and starts its processing. Over the total nothing is kept: the staged
  // bytes are discarded by the caller, and bytes already moved into the store are removed here.
  async upload(caller: KnowledgeCaller, upload: KnowledgeUpload): Promise<KnowledgeFile> {
    await this.assertBranch(caller, true);
    const size = upload.staged.size;
    if ((await this.d.repo.usedBytes(caller.accId)) + size > AI_TOTAL_MAX_BYTES) throw knowledgeErrors.totalExceeded();
    const stored = await this.d.files.commit(caller.accId, upload.staged);
    const now = this.d.clock.now();
    let row: KnowledgeFileRow | null;
    try {
      row = await this.d.repo.insertWithinTotal(
        {
          accId: caller.accId,
          fileName: upload.fileName,
          extension: upload.extension,
          size,
          rawPath: stored.id,
          createdAt: now,
          updatedAt: now,
        },
        AI_TOTAL_MAX_BYTES,
      );
    } catch (err) {
      await this.d.files.delete(caller.accId, stored.id);
      throw err;
    }
    if (!row) {
      await this.d.files.delete(caller.accId, stored.id);
      throw knowledgeErrors.totalExceeded();
    }
    await this.d.kick(row.id).catch((err: unknown) => {
      this.d.logger.warn({ err, fileId: row.id }, 'knowledge file: processing not queued (the sweep will take it)');
    });
    return toWire(row);
  }

  // SPEC 4 delete: the file turns 'deleted' and frees its space; its passages and bytes go.
  async delete(caller: KnowledgeCaller, fileId: number): Promise<KnowledgeFile> {
    await this.assertBranch(caller, true);
    const before = await this.d.repo.softDelete(caller.accId, fileId, this.d.clock.now());
    if (!before) {
      const row = await this.d.repo.get(caller.accId, fileId);
      if (!row) throw knowledgeErrors.notFound();
      return toWire(row);
    }
    if (before.rawPath) {
      await this.d.files.delete(caller.accId, before.rawPath).catch((err: unknown) => {
        this.d.logger.warn({ err, fileId }, 'knowledge file: stored bytes not removed');
      });
    }
    const row = await this.d.repo.get(caller.accId, fileId);
    return toWire(row!);
  }

  // The owner's summary (SPEC 5: at most 200 visible characters); processing keeps it.
  async setSummary(caller: KnowledgeCaller, fileId: number, summary: string): Promise<KnowledgeFile> {
    await this.assertBranch(caller, true);
    const text = summary.trim();
    if (graphemes(text) > AI_SUMMARY_MAX) throw knowledgeErrors.summaryTooLong();
    const row = await this.d.repo.setSummary(caller.accId, fileId, text, this.d.clock.now());
    if (!row) throw knowledgeErrors.notFound();
    return toWire(row);
  }
}

// SPEC 3 Knowledge file on the wire. One agent per branch: its id is the branch's. The stage info
// counts the stages from 1; a ready file has passed them all.
export function toWire(row: KnowledgeFileRow): KnowledgeFile {
  const stage = (FILE_STAGES as readonly string[]).includes(row.stage) ? (row.stage as FileStage) : 'upload';
  const state = row.state as FileState;
  return {
    id: row.id,
    account_id: row.accId,
    agent_id: row.accId,
    size: row.size,
    raw_url: null,
    converted_url: null,
    origin: 'file',
    summary: row.summary,
    state,
    file_name: row.fileName,
    created_at: row.createdAt.toISOString(),
    is_active: row.isActive,
    applied: row.applied,
    current_stage: state === 'ready' ? FILE_STAGES.length : FILE_STAGES.indexOf(stage) + 1,
    stage_count: FILE_STAGES.length,
    stage_description: state === 'error' ? (row.error ?? FILE_ERRORS.damaged) : '',
    stage_name: STAGE_NAMES[stage],
    stage_system_name: stage,
    chunk_count: row.chunkCount,
  };
}
