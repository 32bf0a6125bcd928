import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import type { FileStore } from '../../../platform/files/file-store.js';
import type { Authenticator } from '../../../platform/http/auth-context.js';
import type { Logger } from '../../../platform/logger.js';
import type { ServerModule } from '../../../platform/module.js';
import type { Queue } from '../../../platform/queue.js';
import { KnowledgeProcessor, knowledgeJob, knowledgeKick, knowledgeSweep } from './processor.js';
import { KnowledgeRepository } from './repository.js';
import { knowledgeRoutes } from './routes.js';
import { KnowledgeService } from './service.js';
import { knowledgeSseRoutes } from './sse.js';

export interface KnowledgeDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  // Absent in tests that run without jobs: the sweep (or the test, through the runtime's sweeps)
  // processes the uploads then.
  queue: Queue | undefined;
  // Where the uploaded bytes are kept.
  files: FileStore;
  // The auth hook's own token check, for the progress stream (its token comes in the query).
  authenticator: Authenticator;
}

// Lost jobs and dead workers are noticed this often.
const SWEEP_MS = 15_000;

// The knowledge files of the AI administrator (SPEC 7 `/api/v1/files/`): their routes on the `ai`
// host, the processing job and its sweep. ai-admin/module.ts mounts these.
export function createKnowledge(deps: KnowledgeDeps): Required<Pick<ServerModule, 'jobs' | 'sweeps'>> & {
  service: KnowledgeService;
  routes: NonNullable<ServerModule['routes']>['ai'] & object;
} {
  const repo = new KnowledgeRepository(deps.db);
  const processor = new KnowledgeProcessor({ repo, files: deps.files, clock: deps.clock, logger: deps.logger });
  const job = knowledgeJob(() => processor);
  const service = new KnowledgeService({
    repo,
    files: deps.files,
    clock: deps.clock,
    logger: deps.logger,
    kick: knowledgeKick(deps.queue, job),
  });
  return {
    service,
    routes: [knowledgeRoutes(service, deps.files), knowledgeSseRoutes(service, deps.authenticator)],
    jobs: [job],
    sweeps: [knowledgeSweep(processor, SWEEP_MS)],
  };
}
