import { createInflateRaw } from 'node:zlib';

// How much work a client list may cost once unpacked (issue 12: a 1.6 MB '.xlsx' that expanded to
// 1.1 GB of empty rows held a core for minutes and filled a temporary file). An xlsx is a zip, so
// its size on the wire says little; what it unpacks to is checked before exceljs sees a byte:
// first the sizes the zip's central directory declares, then the entries themselves, inflated
// and counted (the bytes thrown away) so a directory that lies is caught as well.

export interface ZipBudget {
  // All entries together, unpacked.
  maxUnpackedBytes: number;
  maxEntries: number;
}


const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
// ZIP64 marks sizes that do not fit 32 bits; no client list is that big.
const ZIP64 = 0xffffffff;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  packed: number;
  unpacked: number;
  localOffset: number;
  // The entry's record in the central directory.
  record: Buffer;
}

function endOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535.
  const from = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= from; at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

// The central directory's entries, or why there are none to trust. The unpacked sizes it declares
// are added up on the way: past the budget, nothing more is read.
export function readZipDirectory(zip: Buffer, budget: ZipBudget): ZipEntry[] | 'tooBig' | 'damaged' {
  const end = endOfDirectory(zip);
  if (end < 0) return 'damaged';
  const count = zip.readUInt16LE(end + 10);
  if (count > budget.maxEntries) return 'tooBig';
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return 'damaged';
    const nameLength = zip.readUInt16LE(at + 28);
    const length = 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (at + length > zip.length) return 'damaged';
    const entry: ZipEntry = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      flags: zip.readUInt16LE(at + 8),
      packed: zip.readUInt32LE(at + 20),
      unpacked: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      record: zip.subarray(at, at + length),
    };
    if (entry.packed === ZIP64 || entry.unpacked === ZIP64) return 'tooBig';
    unpacked += entry.unpacked;
    if (unpacked > budget.maxUnpackedBytes) return 'tooBig';
    entries.push(entry);
    at += length;
  }
  return entries;
}

// Where an entry's packed bytes start, or null when its local header is not where the directory says.
export function dataStart(zip: Buffer, entry: ZipEntry): number | null {
  const local = entry.localOffset;
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) return null;
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  return start + entry.packed > zip.length ? null : start;
}

// Inflates one entry, keeping nothing, and answers how many bytes came out; stops as soon as
// there are more than `allowed`.
function inflatedSize(packed: Buffer, allowed: number, signal: AbortSignal | undefined): Promise<number | 'tooBig'> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    let size = 0;
    const onAbort = () => inflate.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (fn: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > allowed) {
        inflate.destroy();
        settle(() => resolve('tooBig'));
      }
    });
    inflate.on('end', () => settle(() => resolve(size)));
    inflate.on('error', (error) => settle(() => reject(error)));
    inflate.end(packed);
  });
}

// The zip's entries when it stays within the budget, else why not. Throws only when the signal aborts.
export async function checkZipBudget(
  zip: Buffer,
  budget: ZipBudget,
  signal?: AbortSignal,
): Promise<ZipEntry[] | 'tooBig' | 'damaged'> {
  const entries = readZipDirectory(zip, budget);
  if (!Array.isArray(entries)) return entries;
  let left = budget.maxUnpackedBytes;
  for (const entry of entries) {
    signal?.throwIfAborted();
    const start = dataStart(zip, entry);
    if (start === null) return 'damaged';
    // Without a data descriptor (flag bit 3) the local header states the sizes a streaming reader
    // goes by; they must be the directory's.
    const flags = zip.readUInt16LE(entry.localOffset + 6);
    if ((flags & 0x08) === 0 && zip.readUInt32LE(entry.localOffset + 18) !== entry.packed) return 'damaged';
    let size: number | 'tooBig';
    if (entry.method === STORED) size = entry.packed;
    else if (entry.method === DEFLATED) {
      try {
        size = await inflatedSize(zip.subarray(start, start + entry.packed), left, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        return 'damaged';
      }
    } else continue; // exceljs refuses other methods itself
    if (size === 'tooBig' || size > left) return 'tooBig';
    left -= size;
  }
  return entries;
}
