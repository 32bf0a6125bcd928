import { templateSettings, type TemplateSettings } from '@salon/contract/templates';
import { templateKind, type TemplateCategory } from '@salon/contract/templates-rules';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { outbox } from '../channels/schema.js';
import { crmRecords } from '../crm/schema.js';
import { templates, templateSends, templateVersions } from '../modules/templates/schema.js';

interface DemoTemplate {
  title: string;
  settings: Partial<TemplateSettings> & Pick<TemplateSettings, 'when_send' | 'when_send2'>;
  text: string;
}

// Example templates a new salon starts from, switched off: the owner reads them, edits and turns on
// what fits. (Switched on, they would write to the seeded clients at once.)
const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    title: 'Подтверждение записи за сутки',
    settings: {
      when_send: 'before_start',
      when_send2: 24,
      attendance: [0, 2],
      confirm_record: true,
      declined_record: true,
      send_confirm: 'Спасибо, {name}! Ждём вас {day_month} в {start_time}.',
      text_cancel: 'Запись отменена. Будем рады видеть вас снова!',
    },
    text:
      '{name}, напоминаем о записи {day_month} в {start_time} к мастеру {master} в «{filial_name}».\n' +
      'Ответьте 1 — подтвердить, 2 — отменить.',
  },
  {
    title: 'Напоминание за 2 часа',
    settings: { when_send: 'before_start', when_send2: 2, attendance: [0, 2] },
    text: '{name}, ждём вас сегодня в {start_time}. Услуги: {services}.',
  },
  {
    title: 'Вы записаны',
    settings: { when_send: 'event', when_send2: 'record_create' },
    text: '{name}, вы записаны на {day_month} ({day_of_week}) в {start_time}: {services}. Стоимость {price}.',
  },
  {
    title: 'Спасибо за визит',
    settings: { when_send: 'after_end', when_send2: 3, attendance: [1] },
    text: '{name}, спасибо, что были у нас! Будем рады, если оцените визит: {review_link}',
  },
  {
    title: 'Вечером накануне',
    settings: { when_send: 'all_day_recs_notifications', when_send2: 1, when_time: '18:00', attendance: [0, 2] },
    text: 'Завтра в {start_time} — {services} у мастера {master}. До встречи!',
  },
  {
    title: 'Согласие на новости',
    settings: { when_send: 'consent', when_send2: 'record_create_consent' },
    text: '{name}, можно присылать вам новости и акции салона? Ответьте «да» или «нет».',
  },
  {
    title: 'С днём рождения',
    settings: { when_send: 'happy_birthday', when_send2: 0, when_time: '11:00' },
    text: '{name}, с днём рождения! Дарим скидку 15% на любую услугу в течение недели.',
  },
];

export async function seedDemoTemplates(tx: Db, accId: number, now: Date): Promise<void> {
  for (const [position, demo] of DEMO_TEMPLATES.entries()) {
    const settings = templateSettings.parse(demo.settings);
    const category = settings.when_send as TemplateCategory;
    const [row] = await tx
      .insert(templates)
      .values({
        accId,
        kind: templateKind(category),
        category,
        title: demo.title,
        active: false,
        position,
        settings,
        version: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: templates.id });
    await tx.insert(templateVersions).values({
      templateId: row!.id,
      version: 1,
      content: [{ type: 'text', body: demo.text, caption: '', file_id: null, file_name: null, content_type: null }],
      createdAt: now,
    });
  }
}

// Messages a template sent before the demo began, so the dashboard and the template statistics have
// something to show: "Спасибо за визит" went to the clients of the latest bookings of the last 60
// days, two days before each booking (a booking it brought) for every other one, an hour after it
// for the rest. Already read: the dispatcher never takes them again.
const HISTORY_MAX = 24;
const HOUR_MS = 3_600_000;

export async function seedDemoTemplateHistory(tx: Db, accId: number, now: Date): Promise<void> {
  const [template] = await tx
    .select({ id: templates.id, title: templates.title })
    .from(templates)
    .where(and(eq(templates.accId, accId), eq(templates.category, 'after_end')));
  if (!template) return;
  const records = await tx
    .select({ id: crmRecords.id, phone: crmRecords.clientPhone, name: crmRecords.clientName, at: crmRecords.createdAt })
    .from(crmRecords)
    .where(
      and(
        eq(crmRecords.accId, accId),
        gte(crmRecords.createdAt, new Date(now.getTime() - 60 * 24 * HOUR_MS)),
        lt(crmRecords.createdAt, new Date(now.getTime() - 2 * HOUR_MS)),
      ),
    )
    .orderBy(desc(crmRecords.createdAt), desc(crmRecords.id))
    .limit(HISTORY_MAX);
  for (const [i, record] of records.entries()) {
    const sentAt = new Date(record.at.getTime() + (i % 2 === 0 ? -48 * HOUR_MS : HOUR_MS));
    if (sentAt.getTime() >= now.getTime()) continue;
    const [row] = await tx
      .insert(outbox)
      .values({
        accId,
        idempotencyKey: `demo-history:${accId}:${record.id}`,
        source: 'template',
        sourceId: String(template.id),
        recipient: record.phone,
        clientName: record.name,
        body: `${record.name}, спасибо, что были у нас! Будем рады, если оцените визит.`,
        channelKind: 'whatsapp',
        notBefore: sentAt,
        status: 'read',
        sentAt,
        deliveredAt: sentAt,
        readAt: new Date(sentAt.getTime() + HOUR_MS / 4),
        createdAt: sentAt,
        updatedAt: sentAt,
      })
      .returning({ id: outbox.id });
    await tx.insert(templateSends).values({
      outboxId: row!.id,
      accId,
      templateId: template.id,
      version: 1,
      clientPhone: record.phone,
      clientName: record.name,
      createdAt: sentAt,
    });
  }
}
