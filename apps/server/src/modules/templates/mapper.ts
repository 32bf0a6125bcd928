import {
  LIST_ID_PREFIX,
  templateSettings,
  type ContentItem,
  type TemplateCategory,
  type TemplateKind,
  type TemplateListItem,
  type TemplateSettings,
  type TemplateWire,
} from '@salon/contract/templates';
import type { TemplateRow, VersionRow } from './repository.js';

// A content item as a version stores it: the wire's item without the upload-only field and the
// URL, which is derived from the file id when the template is read.
export interface StoredContentItem {
  type: 'text' | 'file';
  body: string;
  caption: string;
  file_id: string | null;
  file_name: string | null;
  content_type: string | null;
}

const NEW_TEMPLATE_DAYS = 7;

export function storedContent(raw: unknown): StoredContentItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((item: Partial<StoredContentItem>) => ({
    type: item.type === 'file' ? 'file' : 'text',
    body: item.body ?? '',
    caption: item.caption ?? '',
    file_id: item.file_id ?? null,
    file_name: item.file_name ?? null,
    content_type: item.content_type ?? null,
  }));
}

// Two texts are the same version when every item says and attaches the same, and the SMS is equal.
export function sameText(a: StoredContentItem[], aSms: string, b: StoredContentItem[], bSms: string): boolean {
  const key = (items: StoredContentItem[], sms: string) =>
    JSON.stringify([sms, items.map((i) => [i.type, i.body, i.caption, i.file_id])]);
  return key(a, aSms) === key(b, bSms);
}

// Main-host path of a stored file; the web client adds its base URL and the session's query.
export function fileUrl(fileId: string): string {
  return `/template_file?file_id=${encodeURIComponent(fileId)}`;
}

export function wireContent(items: StoredContentItem[]): ContentItem[] {
  return items.map((i) => ({
    type: i.type,
    body: i.body,
    caption: i.caption,
    name_field_file: null,
    file_name: i.file_name,
    file_id: i.file_id,
    file_url: i.file_id ? fileUrl(i.file_id) : null,
    content_type: i.content_type,
  }));
}

// Stored settings were checked on the way in; a key added to the contract later takes its default.
export function readSettings(row: TemplateRow): TemplateSettings {
  const parsed = templateSettings.safeParse(row.settings);
  return parsed.success ? parsed.data : (row.settings as TemplateSettings);
}

export function toTemplateWire(row: TemplateRow, version: VersionRow | null, canEdit: boolean): TemplateWire {
  return {
    id: row.id,
    type: row.kind as TemplateKind,
    title: row.title,
    active: row.active,
    version: row.version,
    settings: readSettings(row),
    text_sms: version?.textSms ?? '',
    content: wireContent(storedContent(version?.content)),
    can_edit: canEdit,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// SPEC 3 List item.
export function toListItem(row: TemplateRow, now: Date): TemplateListItem {
  const settings = readSettings(row);
  const kind = row.kind as TemplateKind;
  return {
    active: row.active,
    id: `${LIST_ID_PREFIX[kind]}${row.id}`,
    title: row.title,
    name: row.category as TemplateCategory,
    time: settings.when_time,
    event: kind === 'em' ? String(settings.when_send2) : null,
    template_send_time: settings.when_send2,
    send_only_lost_client: settings.send_only_lost_client,
    link: settings.integration_link,
    integration_type: settings.when_send2 === 'integration' ? 'integration' : null,
    is_new_template: now.getTime() - row.createdAt.getTime() < NEW_TEMPLATE_DAYS * 86_400_000,
  };
}
