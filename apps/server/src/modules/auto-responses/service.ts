import type { z } from 'zod';
import {
  AUTO_RESPONSE_MAX_PHRASES,
  DEFAULT_AUTO_RESPONSE_PERIOD_HOURS,
  DEFAULT_TAKEOVER_PAUSE_MINUTES,
  KEY_PHRASE_STATUS,
  keyPhraseAddFields,
  keyPhraseUpdateFields,
  textWords,
  type KeyPhraseSettings,
  type KeyPhraseStatus,
  type KeyPhraseWire,
} from '@salon/contract/auto-responses';
import type { Clock } from '../../platform/clock.js';
import { DomainError } from '../../platform/errors.js';
import type { FileStore, StagedFile } from '../../platform/files/file-store.js';
import type { AutoResponsesRepository, AutoResponseSettingsRow, KeyPhraseRow, KeyPhraseValues } from './repository.js';
import type { KeyPhraseMedia } from './schema.js';

// A file part of the form, received into a temporary file; its type judged by its bytes.
export interface KeyPhraseFile {
  staged: StagedFile;
  contentType: string;
}

export interface AutoResponsesServiceDeps {
  repo: AutoResponsesRepository;
  files: FileStore;
  clock: Clock;
}

export function keyPhraseWire(row: KeyPhraseRow): KeyPhraseWire {
  const type = row.type === 'file' ? 'file' : 'text';
  return {
    id: row.id,
    active: row.active,
    type,
    reply: row.reply,
    words: row.words,
    caption: type === 'file' ? row.reply : null,
    media: row.media ? { name: row.media.fileName, size: row.media.size, content_type: row.media.contentType } : null,
  };
}

export function effectiveSettings(row: AutoResponseSettingsRow | null): AutoResponseSettingsRow {
  return row ?? { periodHours: DEFAULT_AUTO_RESPONSE_PERIOD_HOURS, pauseMinutes: DEFAULT_TAKEOVER_PAUSE_MINUTES };
}

const STATUSES = new Set<string>(Object.values(KEY_PHRASE_STATUS));

// A form that breaks the contract: the first rule it broke is the status the cabinet shows.
function refused(error: z.ZodError): DomainError {
  const issues = error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, code: i.message }));
  const first = issues.find((i) => STATUSES.has(i.code))?.code ?? KEY_PHRASE_STATUS.invalid;
  return new DomainError('invalid', first, undefined, issues);
}

function invalid(status: KeyPhraseStatus, field: string): DomainError {
  return new DomainError('invalid', status, undefined, [{ path: `body.${field}`, code: status }]);
}

// The same word typed twice (in any case or form of spacing) is kept once, in its first spelling.
function uniqueWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  return words.filter((w) => {
    const key = textWords(w).join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// SPEC 7 key phrases: the branch's auto-responses, their files and settings. Nothing is saved
// unless every rule holds (SPEC 5: text at most 2000, at least one trigger word, none empty; a file
// reply has a file SPEC 5 allows).
export class AutoResponsesService {
  constructor(private readonly d: AutoResponsesServiceDeps) {}

  async list(accId: number): Promise<KeyPhraseWire[]> {
    return (await this.d.repo.list(accId)).map(keyPhraseWire);
  }

  async add(accId: number, form: Record<string, string>, file: KeyPhraseFile | null): Promise<KeyPhraseWire> {
    const parsed = keyPhraseAddFields.safeParse(form);
    if (!parsed.success) throw refused(parsed.error);
    const fields = parsed.data;
    const words = uniqueWords(fields.words ?? fields.new_words ?? []);
    const values = this.#values(fields, words, null, file);
    if ((await this.d.repo.count(accId)) >= AUTO_RESPONSE_MAX_PHRASES) {
      throw new DomainError('invalid', KEY_PHRASE_STATUS.tooManyPhrases);
    }
    const media = await this.#keep(accId, values.type, file);
    try {
      const row = await this.d.repo.insert(accId, { ...values, media: media ?? null }, this.d.clock.now());
      return keyPhraseWire(row);
    } catch (err) {
      if (media) await this.d.files.delete(accId, media.fileId);
      throw err;
    }
  }

  async update(accId: number, form: Record<string, string>, file: KeyPhraseFile | null): Promise<KeyPhraseWire> {
    const parsed = keyPhraseUpdateFields.safeParse(form);
    if (!parsed.success) throw refused(parsed.error);
    const fields = parsed.data;
    const current = await this.d.repo.get(accId, fields.id);
    if (!current) throw new DomainError('not_found', KEY_PHRASE_STATUS.notFound);
    // Without the full list: the stored words without the old ones, plus the new ones.
    const removed = new Set((fields.old_words ?? []).map((w) => textWords(w).join(' ')));
    const words = uniqueWords(
      fields.words ?? [
        ...current.words.filter((w) => !removed.has(textWords(w).join(' '))),
        ...(fields.new_words ?? []),
      ],
    );
    const values = this.#values({ ...fields, active: fields.active ?? current.active }, words, current.media, file);
    const media = await this.#keep(accId, values.type, file);
    const kept = values.type === 'file' ? (media ?? current.media) : null;
    let row: KeyPhraseRow | null;
    try {
      row = await this.d.repo.update(accId, fields.id, { ...values, media: kept }, this.d.clock.now());
    } catch (err) {
      if (media) await this.d.files.delete(accId, media.fileId);
      throw err;
    }
    if (!row) {
      if (media) await this.d.files.delete(accId, media.fileId);
      throw new DomainError('not_found', KEY_PHRASE_STATUS.notFound);
    }
    return keyPhraseWire(row);
  }

  async setActive(accId: number, id: number, active: boolean): Promise<KeyPhraseWire> {
    const row = await this.d.repo.setActive(accId, id, active, this.d.clock.now());
    if (!row) throw new DomainError('not_found', KEY_PHRASE_STATUS.notFound);
    return keyPhraseWire(row);
  }

  async remove(accId: number, id: number): Promise<void> {
    // A replaced or deleted phrase's file stays in the store (as a template's does): replies
    // already in the outbox read it by path when they go out.
    if (!(await this.d.repo.delete(accId, id))) throw new DomainError('not_found', KEY_PHRASE_STATUS.notFound);
  }

  async settings(accId: number): Promise<KeyPhraseSettings> {
    const s = effectiveSettings(await this.d.repo.settings(accId));
    return { period_hours: s.periodHours, pause_minutes: s.pauseMinutes };
  }

  async saveSettings(accId: number, settings: KeyPhraseSettings): Promise<KeyPhraseSettings> {
    await this.d.repo.saveSettings(
      accId,
      { periodHours: settings.period_hours, pauseMinutes: settings.pause_minutes },
      this.d.clock.now(),
    );
    return this.settings(accId);
  }

  // The rules across fields: a text reply has text; a file reply has a file (sent now or kept).
  #values(
    fields: { active: boolean; type: 'text' | 'file'; reply: string },
    words: string[],
    storedMedia: KeyPhraseMedia | null,
    file: KeyPhraseFile | null,
  ): Omit<KeyPhraseValues, 'media'> {
    if (words.length === 0) throw invalid(KEY_PHRASE_STATUS.noWords, 'words');
    const reply = fields.reply.trim();
    if (fields.type === 'text' && reply === '') throw invalid(KEY_PHRASE_STATUS.emptyReply, 'reply');
    if (fields.type === 'file' && !file && !storedMedia) throw invalid(KEY_PHRASE_STATUS.fileRequired, 'media');
    return { active: fields.active, type: fields.type, reply, words };
  }

  // Moves the form's file into the branch's store when the reply is a file.
  async #keep(
    accId: number,
    type: 'text' | 'file' | string,
    file: KeyPhraseFile | null,
  ): Promise<KeyPhraseMedia | null> {
    if (type !== 'file' || !file) return null;
    const stored = await this.d.files.commit(accId, file.staged, file.contentType);
    return {
      fileId: stored.id,
      fileName: stored.fileName,
      contentType: stored.contentType,
      size: stored.size,
      path: stored.path,
    };
  }
}
