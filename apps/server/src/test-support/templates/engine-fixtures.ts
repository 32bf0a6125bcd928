import { templateSettings, type TemplateSettings } from '@salon/contract/templates';
import { templateKind } from '@salon/contract/templates-rules';
import type { Db } from '../../platform/db/client.js';
import type { CrmClient, CrmRecord } from '../../crm/crm.js';
import { templates, templateVersions } from '../../modules/templates/schema.js';

// Builders for engine tests: a record, a client and template settings with the defaults filled in.
export function record(overrides: Partial<CrmRecord> = {}): CrmRecord {
  const startsAt = overrides.startsAt ?? new Date('2026-12-10T11:00:00Z');
  return {
    id: 'r1',
    clientId: 'c1',
    clientName: 'Мария Иванова',
    clientPhone: '79991234567',
    staffId: 's1',
    staffName: 'Анна Смирнова',
    services: [{ id: 'sv1', title: 'Стрижка', cost: 1500, categoryId: 'cat1', amount: 1 }],
    goods: [],
    startsAt,
    lengthSec: 5400,
    attendance: 0,
    deleted: false,
    paid: false,
    online: false,
    labels: [],
    comment: '',
    shortLink: null,
    createdAt: new Date('2026-12-01T08:00:00Z'),
    changedAt: new Date('2026-12-01T08:00:00Z'),
    deletedAt: null,
    ...overrides,
  };
}

export function client(overrides: Partial<CrmClient> = {}): CrmClient {
  return {
    id: 'c1',
    name: 'Мария Иванова',
    phone: '79991234567',
    email: null,
    birthday: null,
    sex: 2,
    categories: [],
    successVisits: 3,
    failVisits: 0,
    bonusBalance: 250,
    createdAt: new Date('2025-01-01T00:00:00Z'),
    updatedAt: new Date('2025-01-01T00:00:00Z'),
    ...overrides,
  };
}

export function settings(
  overrides: Partial<TemplateSettings> & Pick<TemplateSettings, 'when_send' | 'when_send2'>,
): TemplateSettings {
  return templateSettings.parse(overrides);
}

// An active template with one text version, straight into the tables (engine tests need no API).
export async function insertTemplate(
  db: Db,
  accId: number,
  settings: Partial<TemplateSettings> & Pick<TemplateSettings, 'when_send'>,
  text: string,
  at: Date,
  title = 'T',
): Promise<number> {
  const [row] = await db
    .insert(templates)
    .values({
      accId,
      kind: templateKind(settings.when_send),
      category: settings.when_send,
      title,
      active: true,
      settings,
      version: 1,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: templates.id });
  await db
    .insert(templateVersions)
    .values({ templateId: row!.id, version: 1, content: [{ type: 'text', body: text, caption: '' }], createdAt: at });
  return row!.id;
}
