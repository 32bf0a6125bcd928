import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// Test support for the adapter tests: a real HTTP server on 127.0.0.1 (random port) that records
// every request and answers through a handler playing the provider. Kept beside the adapters rather
// than in src/test-support so the SMS folder stays self-contained; it is tiny and has no state of
// its own beyond the recorded requests.

export interface RecordedRequest {
  method: string;
  path: string;
  // The query string exactly as sent, still percent-encoded, to check how text was encoded.
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  form: URLSearchParams;
  json: unknown;
}

export interface FakeReply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakeProviderServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeProviderServer(handler: FakeHandler): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let json: unknown;
      try {
        json = rawBody === '' ? undefined : JSON.parse(rawBody);
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        rawQuery: url.search.replace(/^\?/, ''),
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        form: new URLSearchParams(rawBody),
        json,
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded))
        .then((reply) => {
          const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
          res.writeHead(reply.status ?? 200, {
            'content-type': reply.json !== undefined ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
            ...reply.headers,
          });
          res.end(body);
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

// A base URL where nothing listens, for transport-failure tests.
export async function unusedBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
