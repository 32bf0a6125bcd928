import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { checkAttachment, MAX_ATTACHMENT_BYTES, type AttachmentGroup } from '@salon/contract/attachments';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { files } from './schema.js';

export interface StoredFile {
  id: string;
  accId: number;
  fileName: string;
  contentType: string;
  size: number;
  // Absolute path of the bytes (under `${dataDir}/uploads/`).
  path: string;
  createdAt: Date;
}

// Bytes received but not yet kept: a temporary file the caller commits or discards.
export interface StagedFile {
  fileName: string;
  size: number;
  group: AttachmentGroup;
  tmpPath: string;
}

// SPEC 5 Attachments refused on the server, whatever the client checked.
export class FileRejected extends Error {
  constructor(readonly reason: 'too_big' | 'unsupported_type' | 'empty') {
    super(`file rejected: ${reason}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  csv: 'text/csv',
  rtf: 'application/rtf',
  odt: 'application/vnd.oasis.opendocument.text',
  zip: 'application/zip',
};

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

// What the sender declared, unless it is missing or generic; then what the extension says.
export function contentTypeOf(fileName: string, declared: string | undefined): string {
  const clean = declared?.trim().toLowerCase() ?? '';
  if (/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(clean) && clean !== 'application/octet-stream') return clean;
  return CONTENT_TYPES[extensionOf(fileName)] ?? 'application/octet-stream';
}

// File names come from clients: keep the name for display, never use it in a path.
function cleanName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'file').slice(0, 255);
}

const TMP_DIR = '.tmp';

// Uploaded attachments. The bytes go to a temporary file first, are flushed, then renamed into
// place, and only then does the row appear: a crash leaves at most a stray temporary file (swept
// at start), never a row pointing at half a file. Every read checks the branch.
export class FileStore {
  readonly root: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly clock: Clock,
  ) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  // Receives the bytes into a temporary file, refusing them (and removing what was written) as soon
  // as they break SPEC 5: unsupported type before a byte is written, too big while they stream.
  async stage(fileName: string, source: Buffer | AsyncIterable<Buffer | string>): Promise<StagedFile> {
    const name = cleanName(fileName);
    const typeCheck = checkAttachment(name, 1);
    if (!typeCheck.ok) throw new FileRejected(typeCheck.error);
    const tmpDir = path.join(this.root, TMP_DIR);
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = path.join(tmpDir, `${randomBytes(12).toString('base64url')}.part`);
    const handle = await open(tmpPath, 'wx');
    let size = 0;
    try {
      const chunks = Buffer.isBuffer(source) ? [source] : source;
      for await (const chunk of chunks) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        if (size > MAX_ATTACHMENT_BYTES) throw new FileRejected('too_big');
        await handle.write(bytes);
      }
      const check = checkAttachment(name, size);
      if (!check.ok) throw new FileRejected(check.error);
      await handle.sync();
      await handle.close();
      return { fileName: name, size, group: check.group, tmpPath };
    } catch (err) {
      await handle.close().catch(() => undefined);
      await rm(tmpPath, { force: true });
      // A source that stops early (the client went away) leaves nothing behind either.
      if (source instanceof Readable) source.destroy();
      throw err;
    }
  }

  // Moves a staged file into place and records it for the branch.
  async commit(accId: number, staged: StagedFile, contentType?: string): Promise<StoredFile> {
    const id = randomBytes(16).toString('base64url');
    const ext = extensionOf(staged.fileName);
    const target = path.join(this.root, String(accId), /^[a-z0-9]{1,8}$/.test(ext) ? `${id}.${ext}` : id);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(staged.tmpPath, target);
    const row = {
      id,
      accId,
      fileName: staged.fileName,
      contentType: contentTypeOf(staged.fileName, contentType),
      size: staged.size,
      // Absolute: the engine copies it into outbox media, which the dispatcher reads as is.
      path: target,
      createdAt: this.clock.now(),
    };
    try {
      await this.db.insert(files).values(row);
    } catch (err) {
      await rm(target, { force: true });
      throw err;
    }
    return row;
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.tmpPath, { force: true });
  }

  async store(
    accId: number,
    fileName: string,
    contentType: string | undefined,
    bytes: Buffer | AsyncIterable<Buffer | string>,
  ): Promise<StoredFile> {
    const staged = await this.stage(fileName, bytes);
    try {
      return await this.commit(accId, staged, contentType);
    } catch (err) {
      await this.discard(staged);
      throw err;
    }
  }

  // The file, if it belongs to this branch; null otherwise (another branch's id reads as missing).
  async open(accId: number, id: string): Promise<StoredFile | null> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.accId, accId)));
    if (!row) return null;
    return { ...row, path: this.absolute(row.path) };
  }

  // Several files of one branch at once; ids of other branches are left out.
  async openMany(accId: number, ids: readonly string[]): Promise<Map<string, StoredFile>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(files)
      .where(and(eq(files.accId, accId), inArray(files.id, [...new Set(ids)])));
    return new Map(rows.map((row) => [row.id, { ...row, path: this.absolute(row.path) }]));
  }

  async read(accId: number, id: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    const file = await this.open(accId, id);
    if (!file) return null;
    return { file, bytes: await readFile(file.path) };
  }

  stream(file: StoredFile): ReadStream {
    return createReadStream(file.path);
  }

  // The same bytes as a new file of another branch (copying a template there).
  async copy(fromAccId: number, id: string, toAccId: number): Promise<StoredFile | null> {
    const file = await this.open(fromAccId, id);
    if (!file) return null;
    const tmpDir = path.join(this.root, TMP_DIR);
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = path.join(tmpDir, `${randomBytes(12).toString('base64url')}.part`);
    await copyFile(file.path, tmpPath);
    const check = checkAttachment(file.fileName, file.size);
    const group = check.ok ? check.group : 'document';
    const staged: StagedFile = { fileName: file.fileName, size: file.size, group, tmpPath };
    try {
      return await this.commit(toAccId, staged, file.contentType);
    } catch (err) {
      await this.discard(staged);
      throw err;
    }
  }

  async delete(accId: number, id: string): Promise<boolean> {
    const [row] = await this.db
      .delete(files)
      .where(and(eq(files.id, id), eq(files.accId, accId)))
      .returning({ path: files.path });
    if (!row) return false;
    await rm(this.absolute(row.path), { force: true });
    return true;
  }

  // Temporary files older than this were left by a crash or an aborted upload.
  async sweepTemp(olderThanMs = 3_600_000): Promise<number> {
    const tmpDir = path.join(this.root, TMP_DIR);
    const names = await readdir(tmpDir).catch(() => [] as string[]);
    const limit = this.clock.now().getTime() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const full = path.join(tmpDir, name);
      const info = await stat(full).catch(() => null);
      if (info && info.mtimeMs < limit) {
        await rm(full, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  // Rows hold absolute paths; a relative one is read against the uploads folder.
  private absolute(stored: string): string {
    return path.resolve(this.root, stored);
  }
}
