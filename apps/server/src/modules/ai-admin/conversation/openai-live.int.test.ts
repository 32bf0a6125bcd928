import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SWITCH_TO_HUMAN_MESSAGE, type AgentSettings } from '@salon/contract/ai-agents';
import { outbox } from '../../../channels/schema.js';
import { crmRecords, crmServices, crmStaff } from '../../../crm/schema.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import {
  reply,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
  type RecordedChatRequest,
  type ScriptedReply,
} from '../../../test-support/fake-openai-server.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { clientWrites as writes } from '../../../test-support/sandbox-client.js';
import { until } from '../../../test-support/until.js';
import { aiConversations, aiEvents } from '../schema.js';

const ACC = DEMO_BRANCHES.moscow;
const INSTANCE = `whatsapp-${ACC}`;
const CLIENT = '79165550123';
const CLIENT_NAME = 'Вероника';
// 12:00 in Moscow; the local CRM works 10:00–20:00, so tomorrow at 15:00 is free.
const NOON = '2026-03-10T09:00:00Z';
const TOMORROW_15 = '2026-03-11T15:00';

// The AI administrator with AI_LLM_BASE_URL set: the OpenAI-compatible driver talks to a local fake
// that speaks the chat-completions protocol, while everything else is real — the sandbox WhatsApp,
// the reply chain, the local CRM the model's `book` tool call writes to, and the outbox the answer
// leaves through. The client's phone and name never reach the fake.
describe.each(DB_KINDS)('AI administrator over an OpenAI-compatible model (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let fake: FakeOpenAiServer;
  let script: (request: RecordedChatRequest) => ScriptedReply = () => reply.text('');
  const db = () => app.runtime.database.db;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ apiKey: 'sk-test', handler: (request) => script(request) });
    app = await startTestApp(
      kind,
      {
        SANDBOX_DELIVERY_MS: '0',
        DISPATCH_PACING: 'off',
        AI_LLM_BASE_URL: fake.baseUrl,
        AI_LLM_API_KEY: 'sk-test',
        AI_LLM_TIMEOUT_MS: '2000',
      },
      'all',
    );
    app.clock.set(NOON);
    owner = (await app.login(DEMO_USERS.owner, '10.73.0.1')).token;
    const qr = ((await call('POST', '/api/connection/wa/qr_code')).body as { qr: string }).qr;
    await call('POST', '/api/dev/sandbox/scan', { qr, phone: '79161110000' });
    await until(
      async () =>
        ((await call('GET', '/api/connection')).body as { wa: { status: string } }).wa.status === 'authenticated',
    );
  });
  afterEach(() => {
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  async function call(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
    const res = await app.request({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}acc_id=${ACC}`,
      token: owner,
      body,
    });
    return { status: res.statusCode, body: res.json<unknown>() };
  }
  async function configure(settings: Partial<AgentSettings>) {
    const res = await call('PATCH', '/api/ai/api/v1/agents/', { settings, copy_to: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  async function clientWrites(text: string) {
    await writes(app, { phone: CLIENT, text, instance: INSTANCE, name: CLIENT_NAME });
    // The aggregation time passes; the answer sweep runs (no queue in tests).
    app.clock.advance(6_000);
    await app.runtime.runSweeps();
  }
  const answers = async () =>
    (
      await db()
        .select({ body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.recipient, CLIENT), like(outbox.sourceId, 'ai_admin:%')))
        .orderBy(asc(outbox.id))
    ).map((r) => r.body);
  const clientRecords = () =>
    db()
      .select({ staffId: crmRecords.staffId, startsAt: crmRecords.startsAt })
      .from(crmRecords)
      .where(and(eq(crmRecords.accId, ACC), like(crmRecords.clientPhone, `%${CLIENT.slice(1)}`)));
  // Nothing the model was sent may carry the client's phone (in any spelling) or name.
  const leaked = () =>
    fake.requests.filter((r) => /9165550123|916\D?555\D?01\D?23/.test(r.rawBody) || r.rawBody.includes(CLIENT_NAME));

  it('books in the local CRM through the model’s tool call and answers with the name restored', async () => {
    await configure({ is_active: true, recommendation_mode: 'automatic', work_with_record: true });
    const [service] = await db()
      .select({ id: crmServices.id })
      .from(crmServices)
      .where(and(eq(crmServices.accId, ACC), eq(crmServices.active, true)))
      .limit(1);
    const [master] = await db()
      .select({ id: crmStaff.id })
      .from(crmStaff)
      .where(and(eq(crmStaff.accId, ACC), eq(crmStaff.active, true)))
      .limit(1);
    const toolAnswers: string[] = [];
    script = (request) => {
      const tools = request.body.messages.filter((m) => m.role === 'tool');
      if (tools.length === 0) {
        return reply.toolCalls({
          name: 'book',
          arguments: { service_id: service!.id, staff_id: master!.id, starts_at: TOMORROW_15 },
        });
      }
      // The tool's answer (the booked record) goes back to the model before its text.
      toolAnswers.push(tools[0]!.content ?? '');
      return reply.text('Готово, [CLIENT_NAME]! Вы записаны на завтра в 15:00.');
    };
    await clientWrites(`Здравствуйте, это ${CLIENT_NAME}, +7 916 555-01-23, запишите на завтра в 15`);

    await until(async () => (await answers()).length > 0);
    expect(await answers()).toEqual([`Готово, ${CLIENT_NAME}! Вы записаны на завтра в 15:00.`]);
    const records = await clientRecords();
    expect(records).toHaveLength(1);
    expect(records[0]!.staffId).toBe(master!.id);
    // 15:00 in Moscow (UTC+3).
    expect(records[0]!.startsAt.toISOString()).toBe('2026-03-11T12:00:00.000Z');
    const kinds = await db()
      .select({ kind: aiEvents.kind })
      .from(aiEvents)
      .innerJoin(aiConversations, eq(aiConversations.id, aiEvents.conversationId))
      .where(eq(aiConversations.phone, CLIENT));
    expect(kinds.map((k) => k.kind)).toContain('booked');
    expect(fake.requests.length).toBe(2);
    expect(toolAnswers).toHaveLength(1);
    expect(toolAnswers[0]).toContain('2026-03-11T15:00');
    expect(leaked()).toEqual([]);
  });

  it('hands the conversation to a person when the provider keeps failing', async () => {
    script = () => reply.error(500);
    await clientWrites('А можно перенести на вечер?');
    await until(async () => (await answers()).length > 1);
    expect((await answers()).at(-1)).toBe(DEFAULT_SWITCH_TO_HUMAN_MESSAGE);
    // Three attempts with backoff, then the hand-over.
    expect(fake.requests.length).toBe(3);
    const [conversation] = await db()
      .select({ state: aiConversations.state })
      .from(aiConversations)
      .where(and(eq(aiConversations.accId, ACC), eq(aiConversations.phone, CLIENT)));
    expect(conversation!.state).toBe('human');
    const handovers = await db()
      .select({ reason: aiEvents.reason })
      .from(aiEvents)
      .where(and(eq(aiEvents.accId, ACC), eq(aiEvents.kind, 'handover')));
    expect(handovers.map((h) => h.reason)).toContain('provider_failed');
    expect(leaked()).toEqual([]);
  });
});
