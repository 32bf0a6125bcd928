import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TemplateSettings } from '@salon/contract/templates';
import { DEMO_BRANCHES } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { outbox } from '../../../channels/schema.js';
import { consents } from '../../consents/schema.js';
import type { ChannelInstanceRow } from '../../../channels/repository.js';
import { crmServices, crmStaff } from '../../../crm/schema.js';
import { templateSends } from '../schema.js';
import { insertTemplate } from '../../../test-support/templates/engine-fixtures.js';
import { classifyAnswer } from './replies.js';

const ACC = DEMO_BRANCHES.moscow;

describe('answer words', () => {
  it.each([
    ['Да', 'yes'],
    ['1', 'yes'],
    ['  да!  спасибо', 'yes'],
    ['OK.', 'yes'],
    ['Нет', 'no'],
    ['2', 'no'],
    ['отмена', 'no'],
    ['может быть', null],
    ['12', null],
  ])('%s → %s', (text, answer) => {
    expect(classifyAnswer(text)).toBe(answer);
  });
});

// A client's answer to a confirm-record question acts in the local CRM and gets the template's
// reply; an answer to a consent question becomes their consent.
describe.each(DB_KINDS)('answers to template questions (%s)', (kind) => {
  let app: TestApp;
  let staffId: string;
  let serviceId: string;
  let seq = 0;
  const db = () => app.runtime.database.db;

  beforeAll(async () => {
    app = await startTestApp(kind);
    app.clock.set('2026-12-09T06:00:00Z');
    staffId = (await db().select({ id: crmStaff.id }).from(crmStaff).where(eq(crmStaff.accId, ACC)).limit(1))[0]!.id;
    serviceId = (
      await db().select({ id: crmServices.id }).from(crmServices).where(eq(crmServices.accId, ACC)).limit(1)
    )[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await db().execute(sql`update templates set active = false`);
  });

  const addTemplate = (settings: Partial<TemplateSettings>, text: string) =>
    insertTemplate(db(), ACC, { ...settings, when_send: settings.when_send! }, text, app.clock.now(), 'Q');

  async function book(phone: string) {
    const record = await app.runtime.crm.local.createRecord(ACC, {
      client: { name: 'Светлана Орлова', phone },
      staffId,
      serviceIds: [serviceId],
      startsAt: new Date('2026-12-10T11:00:00Z'),
    });
    await app.runtime.crm.processor.processPending();
    return record;
  }

  // The question went out: what the dispatcher records after a send.
  async function markSent(phone: string) {
    await db().execute(
      sql`update outbox set status = 'sent', sent_at = ${app.clock.now().toISOString()}::timestamptz where recipient = ${phone} and source = 'template'`,
    );
  }

  async function answer(phone: string, body: string) {
    const handled = await app.runtime.channels.replies.run({
      accId: ACC,
      instance: { id: `whatsapp-${ACC}`, accId: ACC, kind: 'whatsapp' } as ChannelInstanceRow,
      message: {
        providerMessageId: `in-${++seq}`,
        from: phone,
        name: null,
        at: app.clock.now(),
        type: 'text',
        body,
        caption: null,
        file: null,
      },
    });
    await app.runtime.crm.processor.processPending();
    return handled;
  }

  const replies = (phone: string) =>
    db()
      .select({ body: outbox.body, source: outbox.source })
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), eq(outbox.source, 'reply')));

  const confirmSettings = {
    when_send: 'before_start',
    when_send2: 24,
    attendance: [0, 2],
    confirm_record: true,
    declined_record: true,
    send_confirm: 'Спасибо, {name}! Ждём вас в {start_time}.',
    text_cancel: 'Запись отменена. Будем рады видеть вас снова.',
  } satisfies Partial<TemplateSettings>;

  it('"да" confirms the booking in the CRM and sends textConfirmation', async () => {
    await addTemplate(confirmSettings, 'Подтвердите запись: 1 — да, 2 — отменить');
    const phone = '79995550101';
    const record = await book(phone);
    const [question] = await db()
      .select({ asks: templateSends.asksConfirmation })
      .from(templateSends)
      .where(eq(templateSends.clientPhone, phone));
    expect(question?.asks).toBe(true);
    // Before the question is sent an answer means nothing to us.
    expect(await answer(phone, 'да')).toBeNull();
    await markSent(phone);
    expect(await answer(phone, 'Да!')).toBe('confirm_cancel');
    expect((await app.runtime.crm.repo.record(ACC, record.id))?.attendance).toBe(2);
    expect(await replies(phone)).toEqual([{ body: 'Спасибо, Светлана! Ждём вас в 14:00.', source: 'reply' }]);
    // A second "да" does not send the thank-you twice.
    await answer(phone, 'да');
    expect(await replies(phone)).toHaveLength(1);
  });

  it('"2" cancels the booking, sends textCancel and cancels the pending reminders', async () => {
    await addTemplate(confirmSettings, 'Подтвердите запись: 1 — да, 2 — отменить');
    const later = await addTemplate(
      { when_send: 'before_start', when_send2: 2, attendance: [0, 2] },
      'Через 2 часа ждём вас',
    );
    const phone = '79995550102';
    const record = await book(phone);
    await db().execute(sql`update outbox set status = 'sent', sent_at = ${app.clock.now().toISOString()}::timestamptz
      where recipient = ${phone} and id in (select outbox_id from template_sends where template_id <> ${later})`);
    expect(await answer(phone, '2')).toBe('confirm_cancel');
    expect((await app.runtime.crm.repo.record(ACC, record.id))?.deleted).toBe(true);
    expect(await replies(phone)).toEqual([{ body: 'Запись отменена. Будем рады видеть вас снова.', source: 'reply' }]);
    const [reminder] = await db()
      .select({ status: outbox.status })
      .from(outbox)
      .innerJoin(templateSends, eq(templateSends.outboxId, outbox.id))
      .where(and(eq(outbox.recipient, phone), eq(templateSends.templateId, later)));
    expect(reminder?.status).toBe('cancelled');
  });

  it('without the cancel option "нет" is left to the next handlers', async () => {
    await addTemplate(
      { ...confirmSettings, declined_record: false, text_cancel: '' },
      'Подтвердите запись ответом «да»',
    );
    const phone = '79995550103';
    const record = await book(phone);
    await markSent(phone);
    expect(await answer(phone, 'нет')).toBeNull();
    expect((await app.runtime.crm.repo.record(ACC, record.id))?.deleted).toBe(false);
  });

  it('an answer to a consent question becomes the client’s consent, once', async () => {
    await addTemplate(
      { when_send: 'consent', when_send2: 'record_create_consent' },
      'Можно присылать вам новости и акции? Ответьте да или нет',
    );
    const phone = '79995550104';
    await book(phone);
    const status = () =>
      db()
        .select({ active: consents.active, consent: consents.consent, text: consents.clientText })
        .from(consents)
        .where(and(eq(consents.accId, ACC), eq(consents.phone, phone)));
    expect(await status()).toEqual([{ active: true, consent: null, text: null }]);
    await markSent(phone);
    expect(await answer(phone, 'Нет, спасибо')).toBe('consent');
    expect(await status()).toEqual([{ active: true, consent: false, text: 'Нет, спасибо' }]);
    expect(await answer(phone, 'да')).toBeNull();
    expect((await status())[0]?.consent).toBe(false);
  });
});
