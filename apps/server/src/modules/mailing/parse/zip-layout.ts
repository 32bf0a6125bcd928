import { crc32 } from 'node:zlib';
import { dataStart, type ZipEntry } from './zip-budget.js';

// exceljs' streaming reader reads a worksheet straight from the zip only when the shared strings
// and the workbook's relationships came before it; otherwise it copies the sheet to a temporary
// file and reads it after the rest (Excel writes the sheets first). A client list is in memory
// anyway, so its parts are put in the order exceljs reads best — the packed bytes copied as they
// are — and no temporary file is written: nothing of a list outlives its read, even a killed
// process. A workbook without shared strings (only inline text) gets an empty table of them.

const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);
const DATA_DESCRIPTOR = 0x08074b50;

// The local part of an entry (header, packed bytes, data descriptor), or null when it is not whole.
function localPart(zip: Buffer, entry: ZipEntry): Buffer | null {
  const start = dataStart(zip, entry);
  if (start === null) return null;
  let end = start + entry.packed;
  if ((zip.readUInt16LE(entry.localOffset + 6) & 0x08) !== 0) {
    // crc, packed and unpacked sizes, with or without a signature ahead of them
    end += end + 4 <= zip.length && zip.readUInt32LE(end) === DATA_DESCRIPTOR ? 16 : 12;
    if (end > zip.length) return null;
  }
  return zip.subarray(entry.localOffset, end);
}

function storedEntry(name: string, data: Buffer): { local: Buffer; record: Buffer } {
  const nameBytes = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(20, 4);
  record.writeUInt16LE(20, 6);
  record.writeUInt32LE(crc, 16);
  record.writeUInt32LE(data.length, 20);
  record.writeUInt32LE(data.length, 24);
  record.writeUInt16LE(nameBytes.length, 28);
  return { local: Buffer.concat([local, nameBytes, data]), record: Buffer.concat([record, nameBytes]) };
}

// The same zip with its worksheets last, or null when an entry is not where the directory says.
export function sheetsLast(zip: Buffer, entries: readonly ZipEntry[]): Buffer | null {
  const parts: { local: Buffer; record: Buffer }[] = [];
  const sheets: { local: Buffer; record: Buffer }[] = [];
  for (const entry of entries) {
    const local = localPart(zip, entry);
    if (!local) return null;
    (SHEET.test(entry.name) ? sheets : parts).push({ local, record: entry.record });
  }
  if (!entries.some((e) => e.name === SHARED_STRINGS)) parts.push(storedEntry(SHARED_STRINGS, EMPTY_SHARED_STRINGS));
  const ordered = [...parts, ...sheets];
  const records: Buffer[] = [];
  let offset = 0;
  for (const { local, record } of ordered) {
    const moved = Buffer.from(record);
    moved.writeUInt32LE(offset, 42);
    records.push(moved);
    offset += local.length;
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(ordered.length, 8);
  end.writeUInt16LE(ordered.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...ordered.map((p) => p.local), directory, end]);
}
