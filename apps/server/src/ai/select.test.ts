import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { reply, startFakeOpenAiServer, type FakeOpenAiServer } from '../test-support/fake-openai-server.js';
import { askContext, testSalon } from '../test-support/ai-test-tools.js';
import { selectResponder } from './select.js';

const logger = createLogger('silent');
let server: FakeOpenAiServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('selectResponder', () => {
  it('picks the embedded retrieval responder when no model is configured', () => {
    expect(selectResponder(loadConfig({}), logger).name).toBe('local-retrieval');
  });

  it('talks to the configured OpenAI-compatible server with its key and model', async () => {
    server = await startFakeOpenAiServer({ apiKey: 'sk-conf' });
    server.enqueue(reply.text('Здравствуйте!'));
    const config = loadConfig({
      AI_LLM_BASE_URL: server.baseUrl,
      AI_LLM_API_KEY: 'sk-conf',
      AI_LLM_MODEL: 'qwen2.5-7b',
    });
    const responder = selectResponder(config, logger);
    expect(responder.name).toBe('openai-compatible');
    const salon = testSalon({ timeZone: 'Europe/Moscow' });
    const answer = await responder.answer(askContext(salon.tools, { question: 'Привет' }));
    expect(answer).toEqual({ kind: 'answer', text: 'Здравствуйте!' });
    expect(server.requests[0]!.body.model).toBe('qwen2.5-7b');
  });
});
