import { randomUUID } from 'node:crypto';
import { normalizeClientPhone } from '@salon/contract/local-crm';
import { SENDOUT_STATUS_TEXT, testSendoutFields } from '@salon/contract/mailing-sendouts';
import type { OutboxWriter } from '../../../channels/dispatch/outbox.js';
import type { Clock } from '../../../platform/clock.js';
import type { FileStore } from '../../../platform/files/file-store.js';
import { AppError, errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import { renderFilled } from '../../../platform/text/render.js';
import { filledFields, invalidFields, type MailingForm } from './form.js';
import type { LaunchRepository } from './launch-repository.js';

export interface TestMessagesDeps {
  // The one outbox every outbound message goes through.
  outbox: Pick<OutboxWriter, 'enqueue'>;
  repo: LaunchRepository;
  files: FileStore;
  clock: Clock;
  logger: Logger;
}

// The keys JSON of the form ({"name": "Анна"}); numbers and booleans are taken as their text.
export function testKeyValues(raw: string | undefined): Record<string, string> | null {
  if (raw === undefined || raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string') out[key] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
    else if (v !== null) return null;
  }
  return out;
}

// The message as a recipient would get it: the keys given, and '' for any key without a value
// (as the send-out itself renders a recipient's missing column).
export function renderTest(text: string, values: Readonly<Record<string, string>>): string {
  return renderFilled(text, values);
}

// POST /test_sendout (SPEC 7): one message to the given phone through the outbox, source
// 'test' (a test goes to the owner's own phone, so the recipients' consent list is not asked).
export class SendoutTestMessages {
  constructor(private readonly d: TestMessagesDeps) {}

  async send(caller: { accId: number }, form: MailingForm): Promise<{ ok: true; outbox_id: number }> {
    const phone = normalizeClientPhone((form.fields.phone ?? '').trim());
    if (!phone) throw new AppError(400, SENDOUT_STATUS_TEXT.invalidPhone);
    if ((form.fields.text ?? '').trim() === '') throw new AppError(400, SENDOUT_STATUS_TEXT.emptyText);
    const parsed = testSendoutFields.safeParse({ ...filledFields(form.fields, ['text']), phone });
    if (!parsed.success) throw invalidFields(parsed.error);
    const f = parsed.data;
    const values = testKeyValues(f.keys);
    if (!values) throw errors.badRequest('keys');
    if (f.sendout_id && !(await this.d.repo.find(caller.accId, f.sendout_id))) {
      throw new AppError(404, SENDOUT_STATUS_TEXT.notFound);
    }
    const body = renderTest(f.text, values);
    if (body === '' && !form.file) throw new AppError(400, SENDOUT_STATUS_TEXT.emptyText);

    const file = form.file ? await this.d.files.commit(caller.accId, form.file.staged, form.file.contentType) : null;
    const { id } = await this.d.outbox.enqueue({
      accId: caller.accId,
      idempotencyKey: `sendout-test:${randomUUID()}`,
      source: 'test',
      sourceId: f.sendout_id ?? null,
      recipient: phone,
      clientName: values.name || null,
      body,
      media: file ? { fileName: file.fileName, contentType: file.contentType, path: file.path } : null,
      channels: null,
      notBefore: this.d.clock.now(),
    });
    this.d.logger.info({ accId: caller.accId, outboxId: id }, 'send-out test message queued');
    return { ok: true, outbox_id: id };
  }
}
