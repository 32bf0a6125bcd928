import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionSendoutWire } from '@salon/contract/mailing-sendouts';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { insertLaunchedSendout } from '../../../test-support/mailing/sendout-fixtures.js';
import { createLogger } from '../../../platform/logger.js';
import { localAdminBotFiles } from '../../../platform/files/admin-bot-files.js';
import { CalendarRepository } from '../calendar/calendar-repository.js';
import { CalendarContexts } from '../calendar/context.js';
import { StallRepository } from './stall-repository.js';
import { SendoutStalls } from './stalls.js';

const ACC = DEMO_BRANCHES.moscow;

describe.each(DB_KINDS)('send-out stalls (%s)', (kind) => {
  let app: TestApp;
  let token: string;

  const list = async () => {
    const res = await app.request({ method: 'GET', url: `/api/mailing/action_sendouts?acc_id=${ACC}`, token });
    expect(res.statusCode).toBe(200);
    return res.json<ActionSendoutWire[]>();
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    token = (await app.login(DEMO_USERS.owner)).token;
  });
  afterAll(() => app?.close());

  it('explains a started send-out whose next message is tomorrow, a moving one not at all, and tells the owner once', async () => {
    const now = app.clock.now(); // 12:00 Moscow
    const db = app.runtime.database.db;
    // 5 a day from now: 5 go today, the other 5 tomorrow at the window's opening.
    const waiting = await insertLaunchedSendout(db, {
      accId: ACC,
      count: 10,
      batchLen: 5,
      betweenTime: 1,
      start: new Date(now.getTime() - 3_600_000),
      timeZone: 'Europe/Moscow',
      now,
      phonePrefix: '7999411',
    });
    // Mark today's five as queued and sent: what is left is tomorrow's.
    const today = waiting.plan.days[0]!;
    const { sql } = await import('drizzle-orm');
    await db.execute(
      sql`update sendout_recipients set outbox_id = -1 where sendout_id = ${waiting.id} and position <= ${today.last}`,
    );
    const moving = await insertLaunchedSendout(db, {
      accId: ACC,
      count: 3,
      batchLen: 5,
      betweenTime: 1,
      start: now,
      timeZone: 'Europe/Moscow',
      now,
      phonePrefix: '7999412',
    });

    // No number is connected in the demo branch: both wait for one, with no time to promise.
    const before = await list();
    expect(before.find((r) => r.sendout_id === waiting.id)?.stall).toEqual({
      reason: 'number_disconnected',
      resumes_at: null,
    });

    const { repo, sandbox, host } = app.runtime.channels;
    const instance = await repo.ensureInstance(ACC, 'whatsapp', 'sandbox', now);
    await sandbox.link(instance.id, 'whatsapp', '79990009911');
    await db.execute(
      sql`update channel_instances set status = 'authenticated', first_connected_at = ${now.toISOString()}::timestamptz where id = ${instance.id}`,
    );
    void host;
    const after = await list();
    const stall = after.find((r) => r.sendout_id === waiting.id)?.stall;
    expect(stall?.reason).toBe('daily_limit');
    expect(stall?.resumes_at).toBe(waiting.plan.days[1]!.from.toISOString());
    expect(after.find((r) => r.sendout_id === moving.id)?.stall).toBeNull();

    // The owner hears of it once, however many passes run.
    const lines: string[] = [];
    const dataDir = app.runtime.config.dataDir;
    const stalls = new SendoutStalls({
      repo: new StallRepository(db),
      contexts: new CalendarContexts(new CalendarRepository(db)),
      bot: localAdminBotFiles(dataDir, app.clock, (l) => lines.push(l)),
      clock: app.clock,
      logger: createLogger('silent'),
    });
    expect(await stalls.notifyPass(now)).toBeGreaterThanOrEqual(1);
    expect(await stalls.notifyPass(now)).toBe(0);
    const mine = lines.filter((l) => l.includes(`sendout-${waiting.id}`));
    expect(mine).toHaveLength(1);
    const captionFile = readdirSync(path.join(dataDir, 'bot-outbox')).find(
      (n) => n.includes(`-${DEMO_USERS.owner}-sendout-${waiting.id}`) && n.endsWith('.caption.txt'),
    );
    const caption = readFileSync(path.join(dataDir, 'bot-outbox', captionFile!), 'utf8');
    expect(caption).toContain('достигнут дневной лимит — продолжится завтра в 00:00');
  });
});
