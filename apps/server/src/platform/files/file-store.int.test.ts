import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import { ManualClock } from '../clock.js';
import { queryRows } from '../db/client.js';
import { applyMigrations } from '../db/migrate.js';
import { seedDemo, DEMO_BRANCHES } from '../../seed/demo.js';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { localAdminBotFiles } from './admin-bot-files.js';
import { contentTypeOf, FileRejected, FileStore } from './file-store.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;

async function* chunks(parts: Buffer[], failAfter?: number): AsyncGenerator<Buffer> {
  for (const [i, part] of parts.entries()) {
    if (failAfter !== undefined && i === failAfter) throw new Error('client went away');
    yield part;
  }
}

describe.each(DB_KINDS)('file store (%s)', (kind) => {
  let t: TestDatabase;
  let dataDir: string;
  let store: FileStore;
  const clock = new ManualClock('2026-03-10T09:00:00Z');

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await applyMigrations(t.database);
    await seedDemo(t.database.db);
    dataDir = mkdtempSync(path.join(tmpdir(), 'salon-files-'));
    store = new FileStore(t.database.db, dataDir, clock);
  });
  afterAll(async () => {
    await t?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = async () =>
    Number((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from files`))[0]!.n);
  const tmpFiles = () => (existsSync(path.join(store.root, '.tmp')) ? readdirSync(path.join(store.root, '.tmp')) : []);

  it('stores bytes under the branch’s folder and reads them back for that branch only', async () => {
    const file = await store.store(moscow, '../../etc/Прайс.PDF', undefined, Buffer.from('%PDF-1.4'));
    expect(file.id).toMatch(/^[\w-]{22}$/);
    expect(file.fileName).toBe('Прайс.PDF');
    expect(file.contentType).toBe('application/pdf');
    expect(file.size).toBe(8);
    expect(file.path).toBe(path.join(dataDir, 'uploads', String(moscow), `${file.id}.pdf`));
    expect(readFileSync(file.path, 'utf8')).toBe('%PDF-1.4');
    // The row holds the absolute path: the engine puts it into outbox media as it is.
    const [row] = await queryRows<{ path: string }>(t.database.db, sql`select path from files where id = ${file.id}`);
    expect(row!.path).toBe(file.path);

    expect(await store.open(yekaterinburg, file.id)).toBeNull();
    const read = await store.read(moscow, file.id);
    expect(read?.bytes.toString()).toBe('%PDF-1.4');
    expect(read?.file).toMatchObject({ id: file.id, accId: moscow, path: file.path });
    expect(tmpFiles()).toEqual([]);
  });

  it('streams a source into place, and refuses what SPEC 5 does not allow without leaving anything', async () => {
    const before = await rows();
    const streamed = await store.store(
      moscow,
      'clip.mp4',
      'video/mp4',
      chunks([Buffer.alloc(1000, 1), Buffer.alloc(24, 2)]),
    );
    expect(streamed.size).toBe(1024);
    expect(streamed.contentType).toBe('video/mp4');

    const refused = async (promise: Promise<unknown>) => {
      const err = await promise.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FileRejected);
      return (err as FileRejected).reason;
    };
    expect(await refused(store.store(moscow, 'virus.exe', undefined, Buffer.from('MZ')))).toBe('unsupported_type');
    expect(await refused(store.store(moscow, 'noextension', undefined, Buffer.from('x')))).toBe('unsupported_type');
    expect(await refused(store.store(moscow, 'empty.txt', undefined, Buffer.alloc(0)))).toBe('empty');
    const tooBig = chunks([Buffer.alloc(MAX_ATTACHMENT_BYTES), Buffer.alloc(1)]);
    expect(await refused(store.store(moscow, 'big.mp4', undefined, tooBig))).toBe('too_big');
    // A source that breaks off midway leaves no temporary file and no row either.
    const broken = chunks([Buffer.alloc(10), Buffer.alloc(10)], 1);
    await expect(store.store(moscow, 'half.pdf', undefined, broken)).rejects.toThrow('client went away');
    expect(await rows()).toBe(before + 1);
    expect(tmpFiles()).toEqual([]);
  });

  it('copies a file into another branch and deletes files with their rows', async () => {
    const file = await store.store(moscow, 'photo.jpg', 'image/jpeg', Buffer.from('jpeg'));
    const copy = await store.copy(moscow, file.id, yekaterinburg);
    expect(copy).toMatchObject({ accId: yekaterinburg, fileName: 'photo.jpg', contentType: 'image/jpeg', size: 4 });
    expect(copy!.id).not.toBe(file.id);
    expect(readFileSync(copy!.path, 'utf8')).toBe('jpeg');
    expect(await store.copy(yekaterinburg, file.id, moscow)).toBeNull();

    expect(await store.delete(yekaterinburg, file.id)).toBe(false);
    expect(await store.delete(moscow, file.id)).toBe(true);
    expect(existsSync(file.path)).toBe(false);
    expect(await store.open(moscow, file.id)).toBeNull();
    expect(existsSync(copy!.path)).toBe(true);
  });

  it('sweeps temporary files a crash left behind', async () => {
    const dir = path.join(store.root, '.tmp');
    mkdirSync(dir, { recursive: true });
    const old = path.join(dir, 'crashed.part');
    writeFileSync(old, 'half a file');
    const hourAgo = (clock.now().getTime() - 2 * 3_600_000) / 1000;
    utimesSync(old, hourAgo, hourAgo);
    const fresh = path.join(dir, 'uploading.part');
    writeFileSync(fresh, 'still coming');
    utimesSync(fresh, clock.now().getTime() / 1000, clock.now().getTime() / 1000);
    expect(await store.sweepTemp()).toBe(1);
    expect(readdirSync(dir)).toEqual(['uploading.part']);
    rmSync(fresh);
  });
});

describe('attachment content types and the local admin-bot driver', () => {
  it('keeps a declared type unless it is generic, else derives it from the extension', () => {
    expect(contentTypeOf('a.png', 'image/png')).toBe('image/png');
    expect(contentTypeOf('a.png', 'application/octet-stream')).toBe('image/png');
    expect(contentTypeOf('a.docx', '')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(contentTypeOf('a.bin', 'not a type')).toBe('application/octet-stream');
  });

  it('writes the document to bot-outbox and says where in one line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bot-'));
    const lines: string[] = [];
    const bot = localAdminBotFiles(dataDir, new ManualClock('2026-03-10T09:00:00Z'), (l) => lines.push(l));
    await bot.sendDocument(111111, 'template_5_stats.xlsx', Buffer.from('xlsx'), 'Статистика');
    expect(lines.length).toBe(1);
    const match = /^admin bot document for 111111: (.+)\n$/.exec(lines[0]!);
    expect(match![1]!.startsWith(path.join(dataDir, 'bot-outbox') + path.sep)).toBe(true);
    expect(match![1]!.endsWith('template_5_stats.xlsx')).toBe(true);
    expect(readFileSync(match![1]!, 'utf8')).toBe('xlsx');
    expect(readdirSync(path.join(dataDir, 'bot-outbox')).some((n) => n.endsWith('.part'))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
