import { describe, expect, it, vi } from 'vitest';
import { tokenResponse } from '@salon/contract/auth';
import { AI_FILES_STATUS, fileResponse, type FileState, type KnowledgeFile } from '@salon/contract/ai-files';
import { createApiClient } from '../../../shared/api/api-client';
import { ApiError } from '../../../shared/api/api-error';
import { createMemoryStorage } from '../../../shared/session/key-value-storage';
import { createSessionStore } from '../../../shared/session/session-store';
import {
  AI_FILE_POLL_MS,
  classifyProbeError,
  parseFileEvent,
  watchFileProgress,
  type EventSourceLike,
  type FileProgressDeps,
  type Timers,
} from './file-progress-stream';
import { fileStreamUrl } from './knowledge-rules';

const STAGE_OF: Record<FileState, KnowledgeFile['stage_system_name']> = {
  upload: 'upload',
  convert: 'convert',
  vectorize: 'vectorize',
  ready: 'vectorize',
  error: 'convert',
  deleted: 'upload',
};

function file(state: FileState, extra: Partial<KnowledgeFile> = {}): KnowledgeFile {
  return {
    id: 5,
    account_id: 7,
    agent_id: 1,
    size: 1000,
    raw_url: null,
    converted_url: null,
    origin: 'file',
    summary: '',
    state,
    file_name: 'prices.docx',
    created_at: '2026-11-26T07:00:00.000Z',
    is_active: true,
    applied: false,
    current_stage: 2,
    stage_count: 4,
    stage_description: '',
    stage_name: 'Конвертация',
    stage_system_name: STAGE_OF[state],
    chunk_count: 0,
    ...extra,
  };
}

const data = (event: string, f: KnowledgeFile) => JSON.stringify({ event, file: f });

class FakeSource implements EventSourceLike {
  listeners = new Map<string, ((event: Event) => void)[]>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  // A named server event (MessageEvent with data) or, without data, a dropped connection.
  emit(type: string, payload?: string) {
    const event = payload === undefined ? new Event(type) : new MessageEvent(type, { data: payload });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

class ManualTimers implements Timers {
  pending: { run: () => void; ms: number; id: number }[] = [];
  private next = 0;
  setTimeout(run: () => void, ms: number) {
    this.next += 1;
    this.pending.push({ run, ms, id: this.next });
    return this.next;
  }
  clearTimeout(handle: unknown) {
    this.pending = this.pending.filter((t) => t.id !== handle);
  }
  // Runs the oldest waiting timer and returns its delay.
  fire(): number {
    const first = this.pending.shift();
    if (!first) throw new Error('no timer waiting');
    first.run();
    return first.ms;
  }
}

// Lets the awaited probes settle (no clock involved).
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(probe: FileProgressDeps['probe'], extra: Partial<FileProgressDeps> = {}) {
  const sources: FakeSource[] = [];
  const timers = new ManualTimers();
  const seen: FileState[] = [];
  const onEnd = vi.fn();
  let token = 't1';
  const watch = watchFileProgress({
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    url: () => fileStreamUrl('/api/ai', 7, 5, token),
    probe,
    onFile: (f) => seen.push(f.state),
    onEnd,
    timers,
    ...extra,
  });
  const last = () => sources[sources.length - 1]!;
  return { watch, sources, timers, seen, onEnd, last, setToken: (t: string) => (token = t) };
}

describe('watchFileProgress', () => {
  it('follows processing events and ends on done', () => {
    const probe = vi.fn(async () => file('convert'));
    const { sources, seen, onEnd, last } = setup(probe);
    expect(sources).toHaveLength(1);
    expect(last().url).toBe(
      '/api/ai/api/v1/files/7/5/state/sse?file_id=5&account_id=7&origin=lk&backend=main&token=t1',
    );
    last().emit('processing', data('processing', file('convert')));
    last().emit('processing', data('processing', file('vectorize', { current_stage: 4 })));
    expect(onEnd).not.toHaveBeenCalled();
    last().emit('done', data('done', file('ready', { current_stage: 4, chunk_count: 12 })));
    expect(seen).toEqual(['convert', 'vectorize', 'ready']);
    expect(onEnd).toHaveBeenCalledWith(undefined);
    expect(last().closed).toBe(true);
    expect(probe).not.toHaveBeenCalled();
  });

  it("takes the server's error event as the file's failure, not as a dropped stream", () => {
    const probe = vi.fn(async () => file('convert'));
    const { seen, onEnd, last, timers } = setup(probe);
    last().emit('error', data('error', file('error', { stage_description: 'no_text_layer' })));
    expect(seen).toEqual(['error']);
    expect(onEnd).toHaveBeenCalledWith(undefined);
    expect(probe).not.toHaveBeenCalled();
    expect(timers.pending).toHaveLength(0);
  });

  it('ignores lines that are not a file event', () => {
    const { seen, onEnd, last } = setup(vi.fn(async () => file('convert')));
    last().emit('processing', 'not json');
    last().emit('processing', JSON.stringify({ event: 'processing', file: { id: 'x' } }));
    expect(seen).toEqual([]);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('probes after a drop, reconnects after 1 s with the current token, at most twice, then polls', async () => {
    const states: FileState[] = ['convert', 'convert', 'vectorize', 'vectorize', 'ready'];
    const probe = vi.fn(async () => file(states.shift() ?? 'ready'));
    const { sources, timers, seen, onEnd, last, setToken } = setup(probe);

    last().emit('error');
    expect(last().closed).toBe(true);
    await settle();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(timers.pending.map((t) => t.ms)).toEqual([1000]);
    setToken('t2');
    timers.fire();
    expect(sources).toHaveLength(2);
    expect(last().url).toContain('token=t2');

    last().emit('error');
    await settle();
    expect(timers.fire()).toBe(1000);
    expect(sources).toHaveLength(3);

    // The reconnects are spent: the state call is polled instead of a third stream.
    last().emit('error');
    await settle();
    expect(probe).toHaveBeenCalledTimes(3);
    expect(timers.fire()).toBe(AI_FILE_POLL_MS);
    await settle();
    expect(timers.fire()).toBe(AI_FILE_POLL_MS);
    await settle();
    expect(sources).toHaveLength(3);
    expect(seen).toEqual(['convert', 'convert', 'vectorize', 'vectorize', 'ready']);
    expect(onEnd).toHaveBeenCalledWith(undefined);
    expect(timers.pending).toHaveLength(0);
  });

  it('a drop answered by a finished file ends without reconnecting', async () => {
    const { sources, timers, onEnd, last } = setup(vi.fn(async () => file('ready')));
    last().emit('error');
    await settle();
    expect(onEnd).toHaveBeenCalledWith(undefined);
    expect(timers.pending).toHaveLength(0);
    expect(sources).toHaveLength(1);
  });

  it('stops when the file is gone or access is lost, keeps trying on other failures', async () => {
    const gone = setup(vi.fn(() => Promise.reject(new ApiError(AI_FILES_STATUS.notFound, 404))));
    gone.last().emit('error');
    await settle();
    expect(gone.onEnd).toHaveBeenCalledWith('gone');
    expect(gone.timers.pending).toHaveLength(0);

    const denied = setup(vi.fn(() => Promise.reject(new ApiError('Unauthorized', 401))));
    denied.last().emit('error');
    await settle();
    expect(denied.onEnd).toHaveBeenCalledWith('denied');

    const flaky = setup(vi.fn(() => Promise.reject(new ApiError('Network error', 0))));
    flaky.last().emit('error');
    await settle();
    expect(flaky.onEnd).not.toHaveBeenCalled();
    flaky.timers.fire();
    expect(flaky.sources).toHaveLength(2);
  });

  it('close() drops the stream and the waiting timer without reporting an end', async () => {
    const { watch, timers, onEnd, last } = setup(vi.fn(async () => file('convert')));
    last().emit('error');
    await settle();
    expect(timers.pending).toHaveLength(1);
    watch.close();
    expect(timers.pending).toHaveLength(0);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('a stream refused for an expired token: the probe refreshes it once and the reconnect carries the new one', async () => {
    const session = createSessionStore(createMemoryStorage());
    session.update({ authenticated: true, userId: '123456', accId: 7, branchId: 70, accessToken: 'old' });
    session.update({ refreshToken: 'refresh-token-of-at-least-20' });
    const paths: string[] = [];
    const client = createApiClient({
      baseUrls: { main: '/api', mailing: '/api/mailing', ai: '/api/ai' },
      fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://test');
        paths.push(url.pathname);
        if (url.pathname === '/api/upd_token') {
          const body = { ok: true, token: 'fresh', expires_in: 900, refresh_token: 'rotated-refresh-token-1' };
          return new Response(JSON.stringify(body), { status: 200 });
        }
        const bearer = new Headers(init.headers).get('Authorization');
        if (bearer !== 'Bearer fresh') {
          return new Response(JSON.stringify({ ok: false, status: 'Unauthorized' }), { status: 401 });
        }
        return new Response(JSON.stringify({ data: file('vectorize') }), { status: 200 });
      }) as typeof fetch,
      session,
      tokenSchema: tokenResponse,
      onAuthLost: () => session.clear(),
      sleep: async () => {},
      lock: (run) => run(),
    });
    const probe = () =>
      client
        .request({ host: 'ai', path: '/api/v1/files/state', query: { file_id: 5 }, schema: fileResponse })
        .then((answer) => answer.data);
    const sources: FakeSource[] = [];
    const timers = new ManualTimers();
    const seen: FileState[] = [];
    watchFileProgress({
      open: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
      url: () => fileStreamUrl('/api/ai', 7, 5, session.get().accessToken ?? ''),
      probe,
      onFile: (f) => seen.push(f.state),
      timers,
    });
    expect(sources[0]!.url).toContain('token=old');
    sources[0]!.emit('error');
    await settle();
    await settle();
    expect(paths).toEqual(['/api/ai/api/v1/files/state', '/api/upd_token', '/api/ai/api/v1/files/state']);
    expect(seen).toEqual(['vectorize']);
    timers.fire();
    expect(sources[1]!.url).toContain('token=fresh');
  });
});

describe('classifyProbeError', () => {
  it('sorts failures', () => {
    expect(classifyProbeError(new ApiError(AI_FILES_STATUS.notFound, 404))).toBe('gone');
    expect(classifyProbeError(new ApiError('Access denied', 403))).toBe('denied');
    expect(classifyProbeError(new ApiError('Fail rights', 403))).toBe('denied');
    expect(classifyProbeError(new ApiError('Unauthorized', 401))).toBe('denied');
    expect(classifyProbeError(new ApiError('Internal error', 500))).toBe('retry');
    expect(classifyProbeError(new Error('boom'))).toBe('retry');
  });
});

describe('parseFileEvent', () => {
  it('reads the contract event and rejects anything else', () => {
    expect(parseFileEvent(data('done', file('ready')))?.state).toBe('ready');
    expect(parseFileEvent(undefined)).toBeNull();
    expect(parseFileEvent('{')).toBeNull();
    expect(parseFileEvent(JSON.stringify({ event: 'other', file: file('ready') }))).toBeNull();
  });
});
