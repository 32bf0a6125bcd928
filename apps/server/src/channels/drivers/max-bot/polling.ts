import { setTimeout as sleep } from 'node:timers/promises';
import type { Api } from '@maxhub/max-bot-api';
import type { Update } from '@maxhub/max-bot-api/types';
import type { Logger } from '../../../platform/logger.js';
import { describeError, isUnauthorized } from './errors.js';
import { UPDATE_TYPES } from './updates.js';

const MAX_BACKOFF_MS = 60_000;

export interface PollerOptions {
  api: Api;
  logger: Logger;
  // Seconds the API holds an empty GET /updates open (MAX allows up to 90).
  timeoutS: number;
  retryMs: number;
  handle(update: Update): Promise<void>;
  // The token stopped working: the loop ends and the session reports it.
  onUnauthorized(): void;
}

// Long polling over GET /updates. The marker the API returns is kept between calls, so after an
// error the next call resumes where the last good one ended and nothing is fetched twice.
export class Poller {
  private readonly abort = new AbortController();
  private marker: number | undefined;
  private readonly done: Promise<void>;

  constructor(private readonly options: PollerOptions) {
    this.done = this.loop();
  }

  stop(): Promise<void> {
    this.abort.abort();
    return this.done;
  }

  private async loop(): Promise<void> {
    const { api, logger, retryMs } = this.options;
    const signal = this.abort.signal;
    let backoff = retryMs;
    while (!signal.aborted) {
      let updates: Update[];
      try {
        const response = await api.getUpdates([...UPDATE_TYPES], {
          marker: this.marker,
          timeout: this.options.timeoutS,
          signal,
        });
        updates = response.updates;
        this.marker = response.marker ?? this.marker;
        backoff = retryMs;
      } catch (err) {
        if (signal.aborted) return;
        if (isUnauthorized(err)) {
          this.options.onUnauthorized();
          return;
        }
        logger.warn({ err: describeError(err), retryInMs: backoff }, 'MAX getUpdates failed');
        if (!(await pause(backoff, signal))) return;
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        continue;
      }
      // In order: a user's Start comes before the contact they share after it.
      for (const update of updates) {
        if (signal.aborted) return;
        try {
          await this.options.handle(update);
        } catch (err) {
          logger.error({ err, updateType: update.update_type }, 'MAX update handling failed');
        }
      }
    }
  }
}

// False when stopped while waiting.
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
