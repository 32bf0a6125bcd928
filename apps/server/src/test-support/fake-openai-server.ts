import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server on 127.0.0.1 speaking OpenAI's chat-completions protocol as its API reference
// documents it (POST /v1/chat/completions; assistant messages with `tool_calls` of
// {id, type: 'function', function: {name, arguments: <JSON string>}}; finish_reason 'tool_calls' or
// 'stop'), so the OpenAI-compatible driver is tested against the protocol rather than a mock of our
// own code. It answers from a queue of scripted replies (or a handler), records every request body
// (a test checks no personal data reached it), and can fail (500, 429 with Retry-After) or stall.
// Like OpenAI it refuses a malformed conversation with 400: a missing model or messages, a 'tool'
// message whose tool_call_id no earlier assistant message asked for, a wrong bearer key.

export interface ChatRequestBody {
  model: string;
  messages: {
    role: 'system' | 'user' | 'assistant' | 'tool';
    content: string | null;
    tool_call_id?: string;
    tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  }[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: unknown } }[];
  tool_choice?: unknown;
  [key: string]: unknown;
}

export interface RecordedChatRequest {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: ChatRequestBody;
}

export type ScriptedReply =
  | { kind: 'text'; content: string }
  | { kind: 'tool_calls'; calls: { name: string; arguments: unknown; id?: string }[] }
  | { kind: 'error'; status: number; headers?: Record<string, string> }
  // Never answers (until the server closes): the client's time-out must end the wait.
  | { kind: 'stall' };

export const reply = {
  text: (content: string): ScriptedReply => ({ kind: 'text', content }),
  toolCalls: (...calls: { name: string; arguments: unknown; id?: string }[]): ScriptedReply => ({
    kind: 'tool_calls',
    calls,
  }),
  error: (status: number, headers?: Record<string, string>): ScriptedReply => ({ kind: 'error', status, headers }),
  stall: (): ScriptedReply => ({ kind: 'stall' }),
};

export interface FakeOpenAiServer {
  // Without the '/chat/completions' tail, as AI_LLM_BASE_URL is written ('…/v1').
  baseUrl: string;
  requests: RecordedChatRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

export interface FakeOpenAiOptions {
  apiKey?: string;
  // Instead of the queue: computes each reply from the request.
  handler?: (request: RecordedChatRequest) => ScriptedReply;
}

let callSeq = 0;

function completion(body: ChatRequestBody, scripted: Extract<ScriptedReply, { kind: 'text' | 'tool_calls' }>) {
  const message =
    scripted.kind === 'text'
      ? { role: 'assistant', content: scripted.content, refusal: null }
      : {
          role: 'assistant',
          content: null,
          refusal: null,
          tool_calls: scripted.calls.map((c) => ({
            id: c.id ?? `call_${(callSeq += 1)}`,
            type: 'function',
            function: {
              name: c.name,
              arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
            },
          })),
        };
  return {
    id: `chatcmpl-${(callSeq += 1)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: scripted.kind === 'text' ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function protocolError(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'body must be a JSON object';
  const b = body as Partial<ChatRequestBody>;
  if (typeof b.model !== 'string' || b.model === '') return "'model' is required";
  if (!Array.isArray(b.messages) || b.messages.length === 0) return "'messages' must be a non-empty array";
  const asked = new Set<string>();
  for (const m of b.messages) {
    if (m.role === 'assistant') for (const call of m.tool_calls ?? []) asked.add(call.id);
    if (m.role === 'tool' && (!m.tool_call_id || !asked.has(m.tool_call_id))) {
      return "messages with role 'tool' must be a response to a preceding message with 'tool_calls'";
    }
  }
  return null;
}

function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(json));
}

export async function startFakeOpenAiServer(options: FakeOpenAiOptions = {}): Promise<FakeOpenAiServer> {
  const requests: RecordedChatRequest[] = [];
  const queue: ScriptedReply[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
        send(res, 404, { error: { message: 'Unknown request URL', type: 'invalid_request_error' } });
        return;
      }
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        send(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
        return;
      }
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const problem = protocolError(body);
      if (problem) {
        send(res, 400, { error: { message: problem, type: 'invalid_request_error' } });
        return;
      }
      const recorded: RecordedChatRequest = {
        path: url.pathname,
        headers: req.headers,
        rawBody,
        body: body as ChatRequestBody,
      };
      requests.push(recorded);
      const scripted = options.handler ? options.handler(recorded) : queue.shift();
      if (!scripted) {
        send(res, 500, { error: { message: 'fake: no scripted reply left', type: 'server_error' } });
      } else if (scripted.kind === 'stall') {
        // Left open; close() ends it.
      } else if (scripted.kind === 'error') {
        send(
          res,
          scripted.status,
          { error: { message: `fake ${scripted.status}`, type: 'server_error' } },
          scripted.headers,
        );
      } else {
        send(res, 200, completion(recorded.body, scripted));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
