import {
  AI_FILES_STATUS,
  AI_SSE_MAX_RECONNECTS,
  AI_SSE_RECONNECT_DELAY_MS,
  fileEvent,
  isFileInProcess,
  type KnowledgeFile,
} from '@salon/contract/ai-files';
import { isApiError } from '../../../shared/api/api-error';
import { isAccessDenied } from '../../../shared/api/error-message';

// The few EventSource members the watcher uses, so tests can hand in a fake.
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Why a watch ended without the file reaching a final state.
export type WatchStop = 'gone' | 'denied';

export interface FileProgressDeps {
  // Opens the stream; `url()` is asked anew at every (re)connect so a refreshed token is used.
  open: (url: string) => EventSourceLike;
  url: () => string;
  // The file's state over a normal call. The API client refreshes the token on a 401 and retries
  // once, which is how a stream refused for an expired token gets a fresh one.
  probe: () => Promise<KnowledgeFile>;
  // Every state seen, from the stream, a probe or a poll.
  onFile: (file: KnowledgeFile) => void;
  // The watch is over: the file reached ready/error/deleted (no reason), or cannot be watched.
  onEnd?: (reason?: WatchStop) => void;
  // Sorts a failed probe (classifyProbeError unless a test says otherwise).
  classify?: (error: unknown) => WatchStop | 'retry';
  timers?: Timers;
  reconnectDelayMs?: number;
  maxReconnects?: number;
  pollMs?: number;
}

export interface FileProgressWatch {
  close(): void;
}

// After the stream's reconnects are spent the state call is polled this often until the file is done.
export const AI_FILE_POLL_MS = 3000;

// A failed probe: 'gone' when the file no longer exists, 'denied' when the session or the rights
// are over (the client already tried a fresh token), else 'retry' (network, server fault): the next
// reconnect or poll tries again.
export function classifyProbeError(error: unknown): WatchStop | 'retry' {
  if (!isApiError(error)) return 'retry';
  if (error.status === AI_FILES_STATUS.notFound || error.httpStatus === 404) return 'gone';
  if (error.httpStatus === 401 || isAccessDenied(error)) return 'denied';
  return 'retry';
}

const realTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

// A `data:` line of the stream, or null when it does not read as the contract's fileEvent.
export function parseFileEvent(data: unknown): KnowledgeFile | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = fileEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.file : null;
  } catch {
    return null;
  }
}

// SPEC 4 live progress of one unfinished file: the server-sent events stream; when it drops, a
// probe of the state (which also cures an expired token), then a reconnect after 1 s, at most
// AI_SSE_MAX_RECONNECTS times; after that the state call is polled so progress is never lost.
export function watchFileProgress(deps: FileProgressDeps): FileProgressWatch {
  const timers = deps.timers ?? realTimers;
  const delayMs = deps.reconnectDelayMs ?? AI_SSE_RECONNECT_DELAY_MS;
  const maxReconnects = deps.maxReconnects ?? AI_SSE_MAX_RECONNECTS;
  const pollMs = deps.pollMs ?? AI_FILE_POLL_MS;
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let reconnects = 0;
  let ended = false;

  const stopSource = () => {
    source?.close();
    source = null;
  };
  const stopTimer = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  const end = (reason?: WatchStop) => {
    if (ended) return;
    ended = true;
    stopSource();
    stopTimer();
    deps.onEnd?.(reason);
  };
  // Reports a state; a final one ends the watch.
  const seen = (file: KnowledgeFile) => {
    if (ended) return;
    deps.onFile(file);
    if (!isFileInProcess(file.state)) end();
  };
  const later = (run: () => void, ms: number) => {
    stopTimer();
    timer = timers.setTimeout(() => {
      timer = null;
      if (!ended) run();
    }, ms);
  };

  // One probe; false when the watch had to stop.
  const probe = async (): Promise<boolean> => {
    try {
      seen(await deps.probe());
    } catch (error) {
      const kind = (deps.classify ?? classifyProbeError)(error);
      if (kind !== 'retry') end(kind);
    }
    return !ended;
  };

  const poll = () => {
    void probe().then((going) => {
      if (going) later(poll, pollMs);
    });
  };

  const dropped = () => {
    stopSource();
    void probe().then((going) => {
      if (!going) return;
      if (reconnects < maxReconnects) {
        reconnects += 1;
        later(connect, delayMs);
      } else {
        later(poll, pollMs);
      }
    });
  };

  const onMessage = (event: Event) => {
    const file = parseFileEvent((event as MessageEvent).data);
    if (file) seen(file);
  };

  function connect() {
    const current = deps.open(deps.url());
    source = current;
    current.addEventListener('processing', onMessage);
    current.addEventListener('done', onMessage);
    current.addEventListener('message', onMessage);
    // The server's own `event: error` carries the file; a dropped connection is a bare Event.
    current.addEventListener('error', (event) => {
      if (ended || source !== current) return;
      const file = parseFileEvent((event as Partial<MessageEvent>).data);
      if (file) seen(file);
      else dropped();
    });
  }

  connect();
  return {
    // The caller is done with it (unmount, the file left the list): no onEnd.
    close: () => {
      ended = true;
      stopSource();
      stopTimer();
    },
  };
}
