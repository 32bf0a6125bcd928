import { z } from 'zod';
import { FILE_ERRORS, type AiFileExtension } from '@salon/contract/ai-files';
import type { Clock } from '../../../platform/clock.js';
import type { FileStore } from '../../../platform/files/file-store.js';
import type { Logger } from '../../../platform/logger.js';
import type { SweepDefinition } from '../../../platform/module.js';
import type { JobDefinition, Queue } from '../../../platform/queue.js';
import { chunkText } from './chunks.js';
import { convertToText } from './converters.js';
import type { KnowledgeRepository } from './repository.js';
import { extractiveSummary } from './summary.js';

// A run that has written nothing for this long is taken as dead (its worker crashed) and may be
// taken over; each stage writes the row, and no stage of a 10 MB file takes minutes.
const STALE_MS = 10 * 60_000;
const SWEEP_BATCH = 10;

export interface KnowledgeProcessorDeps {
  repo: KnowledgeRepository;
  files: FileStore;
  clock: Clock;
  logger: Logger;
}

// Turns an uploaded file into searchable passages: convert → summarize → vectorize → ready, each
// stage written to the row (state, stage) so the progress stream shows it. Safe to run twice and to
// resume after a crash: the row is claimed atomically, a kept text skips the conversion, and the
// passages are replaced, not added. A file deleted meanwhile is left as it is.
export class KnowledgeProcessor {
  constructor(private readonly d: KnowledgeProcessorDeps) {}

  async process(fileId: number): Promise<void> {
    const now = () => this.d.clock.now();
    const row = await this.d.repo.claim(fileId, now(), new Date(now().getTime() - STALE_MS));
    if (!row) return;
    let text = row.text;
    if (text === null) {
      const stored = row.rawPath ? await this.d.files.read(row.accId, row.rawPath) : null;
      const converted = stored
        ? await convertToText(row.extension as AiFileExtension, stored.bytes)
        : { ok: false as const, error: FILE_ERRORS.damaged };
      if (!converted.ok) {
        await this.d.repo.fail(fileId, converted.error, now());
        this.d.logger.info({ fileId, accId: row.accId, error: converted.error }, 'knowledge file not converted');
        return;
      }
      text = converted.text;
      if (!(await this.d.repo.saveText(fileId, text, now()))) return;
    }
    if (!(await this.d.repo.saveSummary(fileId, extractiveSummary(text), now()))) return;
    if (await this.d.repo.saveChunks(fileId, row.accId, chunkText(text), now())) await this.d.repo.analyzeChunks();
  }

  // Files whose job was lost (or whose worker died): taken one after another.
  async processPending(): Promise<void> {
    const now = this.d.clock.now();
    for (const id of await this.d.repo.pending(new Date(now.getTime() - STALE_MS), SWEEP_BATCH)) {
      await this.process(id).catch((err: unknown) => this.d.logger.error({ err, fileId: id }, 'knowledge file failed'));
    }
  }
}

const payload = z.object({ fileId: z.number().int().positive() });

export function knowledgeJob(processor: () => KnowledgeProcessor): JobDefinition<typeof payload> {
  return {
    name: 'ai.knowledge.process',
    payload,
    handler: ({ fileId }) => processor().process(fileId),
  };
}

// Without a queue (tests, a single process without workers) nothing is sent: the sweep finds the
// file, or the test runs the sweeps.
export function knowledgeKick(queue: Queue | undefined, job: JobDefinition<typeof payload>) {
  return async (fileId: number): Promise<void> => {
    if (!queue) return;
    await queue.send(job, { fileId }, { singletonKey: `file-${fileId}` });
  };
}

export function knowledgeSweep(processor: KnowledgeProcessor, everyMs: number): SweepDefinition {
  return { name: 'ai.knowledge-pending', everyMs, run: () => processor.processPending() };
}
