import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger.js';
import { reply, startFakeOpenAiServer, type FakeOpenAiServer } from '../../../test-support/fake-openai-server.js';
import { AiToolError, type AiAskContext, type AiTools, type RecordInfo } from '../../llm.js';
import { openAiCompatibleResponder, type OpenAiCompatibleOptions } from './driver.js';

const logger = createLogger('silent');
const NOW = new Date('2026-11-26T20:00:00Z'); // 06:00 on the 27th in Vladivostok

interface Calls {
  freeSlots: { day: string; serviceId?: string; staffId?: string }[];
  book: { serviceId: string; staffId: string; startsAt: Date }[];
}

function testTools(calls: Calls, overrides: Partial<AiTools> = {}): AiTools {
  const record: RecordInfo = {
    id: '501',
    startsAt: new Date('2026-11-28T05:00:00Z'),
    staffId: '7',
    staffName: 'Анна',
    services: [{ id: '11', title: 'Маникюр', cost: 1500 }],
    cost: 1500,
  };
  return {
    searchKnowledge: async () => [
      {
        fileId: 1,
        fileName: 'about.docx',
        text: 'Звоните нам: +7 (423) 555-12-34, пишите salon@example.ru',
        score: 0.9,
      },
    ],
    services: async () => [
      {
        id: '11',
        title: 'Маникюр',
        categoryId: null,
        categoryTitle: null,
        priceMin: 1500,
        priceMax: 2000,
        durationMin: 60,
      },
    ],
    staff: async () => [{ id: '7', name: 'Анна', specialization: 'маникюр' }],
    freeSlots: async (q) => {
      calls.freeSlots.push(q);
      return [{ staffId: '7', staffName: 'Анна', startsAt: new Date('2026-11-28T05:00:00Z') }];
    },
    upcomingRecords: async () => [record],
    book: async (input) => {
      calls.book.push(input);
      return { ...record, startsAt: input.startsAt };
    },
    move: async () => record,
    cancel: async () => undefined,
    ...overrides,
  };
}

function context(tools: AiTools, patch: Partial<AiAskContext> = {}): AiAskContext {
  return {
    accId: 1,
    timeZone: 'Asia/Vladivostok',
    now: NOW,
    lang: 'ru',
    tone: 'neutral',
    emojiList: ['💅'],
    workWithRecord: true,
    lookupDays: 7,
    salon: { name: 'Ноготки', address: 'Светланская, 1', phone: null },
    client: { name: 'Анна Петрова', phone: '79141234567' },
    history: [],
    question: 'Здравствуйте! Есть время на маникюр?',
    tools,
    ...patch,
  };
}

let server: FakeOpenAiServer;
let calls: Calls;
let sleeps: number[];

function responder(patch: Partial<OpenAiCompatibleOptions> = {}) {
  return openAiCompatibleResponder({
    baseUrl: server.baseUrl,
    apiKey: 'sk-test',
    model: 'test-model',
    timeoutMs: 5_000,
    logger,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...patch,
  });
}

beforeEach(async () => {
  server = await startFakeOpenAiServer({ apiKey: 'sk-test' });
  calls = { freeSlots: [], book: [] };
  sleeps = [];
});
afterEach(async () => {
  await server.close();
});

describe('openai-compatible driver', () => {
  it('answers with the plain text of the model', async () => {
    server.enqueue(reply.text('Добрый день! Чем помочь?'));
    const answer = await responder().answer(context(testTools(calls)));
    expect(answer).toEqual({ kind: 'answer', text: 'Добрый день! Чем помочь?' });
    const body = server.requests[0]!.body;
    expect(body.model).toBe('test-model');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(body.messages[0]!.role).toBe('system');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'Здравствуйте! Есть время на маникюр?' });
    expect(body.tools!.map((t) => t.function.name)).toEqual(
      expect.arrayContaining(['search_knowledge', 'free_slots', 'handover', 'book', 'move', 'cancel']),
    );
  });

  it('offers no booking tools without workWithRecord', async () => {
    server.enqueue(reply.text('ok'));
    await responder().answer(context(testTools(calls), { workWithRecord: false }));
    const names = server.requests[0]!.body.tools!.map((t) => t.function.name);
    expect(names).not.toContain('book');
    expect(names).toContain('free_slots');
  });

  it('runs a free_slots tool call and sends its result back before the answer', async () => {
    server.enqueue(
      reply.toolCalls({ id: 'call_a', name: 'free_slots', arguments: { day: '2026-11-28', service_id: '11' } }),
      reply.text('Завтра свободно в 15:00 у Анны.'),
    );
    const answer = await responder().answer(context(testTools(calls)));
    expect(answer).toEqual({ kind: 'answer', text: 'Завтра свободно в 15:00 у Анны.' });
    expect(calls.freeSlots).toEqual([{ day: '2026-11-28', serviceId: '11' }]);
    const second = server.requests[1]!.body.messages;
    expect(second.at(-2)!.tool_calls![0]!.id).toBe('call_a');
    const toolMessage = second.at(-1)!;
    expect(toolMessage.role).toBe('tool');
    expect(toolMessage.tool_call_id).toBe('call_a');
    expect(JSON.parse(toolMessage.content!)).toEqual([
      { staff_id: '7', staff_name: 'Анна', starts_at: '2026-11-28T15:00+10:00' },
    ]);
  });

  it('passes the parsed arguments of a book call to tools.book', async () => {
    server.enqueue(
      reply.toolCalls({ name: 'book', arguments: { service_id: '11', staff_id: '7', starts_at: '2026-11-28T15:00' } }),
      reply.text('Записала вас на 28 ноября в 15:00.'),
    );
    const answer = await responder().answer(context(testTools(calls)));
    expect(answer.kind).toBe('answer');
    // A time without an offset is the branch's wall time (Vladivostok, +10).
    expect(calls.book).toEqual([{ serviceId: '11', staffId: '7', startsAt: new Date('2026-11-28T05:00:00Z') }]);
  });

  it('returns a tool refusal to the model as the tool message', async () => {
    const tools = testTools(calls, {
      book: async () => {
        throw new AiToolError('slot_taken', 'the slot is taken');
      },
    });
    server.enqueue(
      reply.toolCalls({
        name: 'book',
        arguments: { service_id: '11', staff_id: '7', starts_at: '2026-11-28T15:00+10:00' },
      }),
      reply.text('Это время заняли, есть 16:00.'),
    );
    const answer = await responder().answer(context(tools));
    expect(answer).toEqual({ kind: 'answer', text: 'Это время заняли, есть 16:00.' });
    expect(JSON.parse(server.requests[1]!.body.messages.at(-1)!.content!)).toEqual({
      error: 'slot_taken',
      message: 'the slot is taken',
    });
  });

  it('tells the model when its arguments are not JSON', async () => {
    server.enqueue(reply.toolCalls({ name: 'free_slots', arguments: '{day:' }), reply.text('Уточните день'));
    const answer = await responder().answer(context(testTools(calls)));
    expect(answer).toEqual({ kind: 'answer', text: 'Уточните день' });
    expect(calls.freeSlots).toEqual([]);
    expect(JSON.parse(server.requests[1]!.body.messages.at(-1)!.content!)).toMatchObject({ error: 'invalid' });
  });

  it('asks for a plain answer on the last round and hands over if tools are still called', async () => {
    const call = reply.toolCalls({ name: 'list_services', arguments: {} });
    server.enqueue(call, call, call);
    const answer = await responder({ maxRounds: 3 }).answer(context(testTools(calls)));
    expect(answer).toEqual({ kind: 'handover', reason: 'no_match' });
    expect(server.requests.map((r) => r.body.tool_choice)).toEqual(['auto', 'auto', 'none']);
  });

  it('hands over with the reason the model gives', async () => {
    server.enqueue(reply.toolCalls({ name: 'handover', arguments: { reason: 'client_asked' } }));
    const answer = await responder().answer(context(testTools(calls), { question: 'Позовите администратора' }));
    expect(answer).toEqual({ kind: 'handover', reason: 'client_asked' });
  });

  it('hands over as provider_failed after three 500s', async () => {
    server.enqueue(reply.error(500), reply.error(500), reply.error(500));
    const answer = await responder().answer(context(testTools(calls)));
    expect(answer).toEqual({ kind: 'handover', reason: 'provider_failed' });
    expect(server.requests).toHaveLength(3);
    // Exponential backoff with jitter (random fixed at 0.5): 3/4 of 500 ms, then of 1000 ms.
    expect(sleeps).toEqual([375, 750]);
  });

  it('honours Retry-After on 429 and then succeeds', async () => {
    server.enqueue(reply.error(429, { 'retry-after': '2' }), reply.text('Готово'));
    const answer = await responder().answer(context(testTools(calls)));
    expect(answer).toEqual({ kind: 'answer', text: 'Готово' });
    expect(sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 400: the request itself is wrong', async () => {
    server.enqueue(reply.error(400), reply.text('never'));
    const answer = await responder().answer(context(testTools(calls)));
    expect(answer).toEqual({ kind: 'handover', reason: 'provider_failed' });
    expect(server.requests).toHaveLength(1);
  });

  it('hands over when the provider stalls past the time-out', async () => {
    server.enqueue(reply.stall());
    const answer = await responder({ timeoutMs: 300 }).answer(context(testTools(calls)));
    expect(answer).toEqual({ kind: 'handover', reason: 'provider_failed' });
    expect(server.requests).toHaveLength(1);
  });

  it('hands over when nothing listens at the base URL', async () => {
    const url = server.baseUrl;
    await server.close();
    server = await startFakeOpenAiServer();
    const answer = await responder({ baseUrl: url }).answer(context(testTools(calls)));
    expect(answer).toEqual({ kind: 'handover', reason: 'provider_failed' });
    expect(sleeps).toHaveLength(2);
  });

  it('never sends phones, e-mails or the client name, and restores them in the answer', async () => {
    server.enqueue(
      reply.toolCalls({ name: 'search_knowledge', arguments: { query: 'контакты' } }),
      reply.text('[CLIENT_NAME], перезвоним на [PHONE_1]; салон: [PHONE_2], [EMAIL_2].'),
    );
    const ctx = context(testTools(calls), {
      salon: { name: 'Ноготки', address: 'Светланская, 1', phone: '+7 423 555-12-34' },
      history: [
        { role: 'client', text: 'Меня зовут Анна, мой номер 8 (914) 123-45-67', at: NOW },
        { role: 'assistant', text: 'Спасибо, Анна!', at: NOW },
      ],
      question: 'Анне можно написать на anna.petrova@mail.ru или +79141234567? Дайте контакты салона',
    });
    const answer = await responder().answer(ctx);
    expect(answer).toEqual({
      kind: 'answer',
      text: 'Анна Петрова, перезвоним на +79141234567; салон: +7 423 555-12-34, salon@example.ru.',
    });
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      const raw = request.rawBody;
      for (const leak of [
        'Анн',
        'Петров',
        'anna.petrova',
        'salon@example',
        '914',
        '123-45-67',
        '1234567',
        '555-12-34',
      ]) {
        expect(raw).not.toContain(leak);
      }
      expect(raw).toContain('[PHONE_1]');
      expect(raw).toContain('[CLIENT_NAME]');
    }
    expect(server.requests[1]!.rawBody).toContain('[EMAIL_2]');
  });
});
