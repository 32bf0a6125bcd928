import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressFetch } from './progress-fetch';

// The browser's XMLHttpRequest, the network boundary of an upload: it records the request and
// lets the test play the transfer and the answer.
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  responseType: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseType[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text: string, type?: string) {
    this.status = status;
    this.responseText = text;
    if (type) this.responseType['content-type'] = type;
    this.onload?.();
  }
}

const sent = () => {
  if (!FakeXhr.last) throw new Error('no request was sent');
  return FakeXhr.last;
};

describe('progressFetch', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the request as fetch would, reports the share sent, and answers a Response', async () => {
    const progress: number[] = [];
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    const answer = progressFetch((fraction) => progress.push(fraction))('https://api.test/files?x=1', {
      method: 'POST',
      headers: { authorization: 'Bearer t' },
      body: form,
    });
    const xhr = sent();
    expect([xhr.method, xhr.url, xhr.headers, xhr.body]).toEqual([
      'POST',
      'https://api.test/files?x=1',
      { authorization: 'Bearer t' },
      form,
    ]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    xhr.answer(200, '{"ok":true}', 'application/json');
    const response = await answer;
    expect(progress).toEqual([0.25, 1]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('keeps an error answer as a Response and a bodiless status without a body', async () => {
    const refused = progressFetch(() => {})('https://api.test/files', { method: 'POST' });
    sent().answer(413, '{"status":"too big"}', 'application/json');
    expect((await refused).status).toBe(413);

    const empty = progressFetch(() => {})('https://api.test/files', { method: 'POST' });
    sent().answer(204, 'ignored');
    const response = await empty;
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('fails as a network error on a broken connection, never staying pending', async () => {
    const broken = progressFetch(() => {})('https://api.test/files', { method: 'POST' });
    sent().answer(0, '');
    await expect(broken).rejects.toThrow(TypeError);

    const failed = progressFetch(() => {})('https://api.test/files', { method: 'POST' });
    sent().onerror?.();
    await expect(failed).rejects.toThrow('Network request failed');
  });

  it('aborts the transfer when the signal fires, or at once when it already has', async () => {
    const controller = new AbortController();
    const upload = progressFetch(() => {})('https://api.test/files', { method: 'POST', signal: controller.signal });
    const xhr = sent();
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });

    const late = progressFetch(() => {})('https://api.test/files', { method: 'POST', signal: AbortSignal.abort() });
    expect(sent().aborted).toBe(true);
    expect(sent().body).toBeUndefined();
    await expect(late).rejects.toMatchObject({ name: 'AbortError' });
  });
});
