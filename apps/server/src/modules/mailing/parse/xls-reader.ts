import CFB, { type CFB$Container } from 'cfb';
import { CLIENT_LIST_STATUS } from '@salon/contract/mailing-clients';
import type { Plain } from './cells.js';

// Reads the first visible worksheet of an Excel 97–2003 file (.xls, BIFF8 records in the
// 'Workbook' stream of an OLE compound file) into rows of plain cell values, for the client-list
// parser. Only what a client list needs is read: cell values, shared strings and the number
// formats that make a number a date. Everything else in the file is passed over.

export interface XlsCell {
  readonly value: Plain;
}

// A row of the sheet: its cells by 1-based column, in column order (as exceljs' rows give them).
export class XlsRow {
  constructor(
    readonly number: number,
    private readonly cells: ReadonlyMap<number, XlsCell>,
  ) {}
  findCell(column: number): XlsCell | undefined {
    return this.cells.get(column);
  }
  eachCell(callback: (cell: XlsCell, column: number) => void): void {
    for (const [column, cell] of this.cells) callback(cell, column);
  }
}

export type XlsSheetResult =
  | { ok: true; rows: XlsRow[] }
  | { ok: false; status: typeof CLIENT_LIST_STATUS.saveAsXlsx | typeof CLIENT_LIST_STATUS.damaged };

// The file cannot be read, and is not broken either: encrypted, or written in BIFF5 or older.
class Unreadable extends Error {}
// Records that run past the end of their stream, or hold less than their kind needs.
class Damaged extends Error {}

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

// Reads the workbook's first visible worksheet. A broken file of any kind comes back as `damaged`:
// nothing in the file can make this throw or loop.
export function readXlsSheet(file: Buffer): XlsSheetResult {
  try {
    const stream = workbookStream(file);
    const globals = readGlobals(stream);
    const sheet = globals.sheets.find((s) => s.visible && s.worksheet);
    return { ok: true, rows: sheet ? readSheet(stream, sheet.offset, globals) : [] };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, status: CLIENT_LIST_STATUS.saveAsXlsx };
    // Damaged, cfb's own errors on a broken container, and reads of impossible values alike.
    return { ok: false, status: CLIENT_LIST_STATUS.damaged };
  }
}

// --- The container

function workbookStream(file: Buffer): Buffer {
  if (file.length < OLE_MAGIC.length || !file.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) throw new Damaged();
  if (!containerIsSafe(file)) throw new Damaged();
  const container = CFB.read(file, { type: 'buffer' });
  // BIFF8 names its stream 'Workbook', BIFF5 'Book' (its BOF then says it is too old).
  const stream = topStream(container, 'Workbook') ?? topStream(container, 'Book');
  if (stream) return stream;
  // An xlsx locked with a password is an OLE container too: saving it unlocked as .xlsx helps.
  if (topStream(container, 'EncryptedPackage')) throw new Unreadable();
  throw new Damaged();
}

const STREAM_ENTRY = 2;

function topStream(container: CFB$Container, name: string): Buffer | null {
  const entry = CFB.find(container, `/${name}`);
  if (!entry || entry.type !== STREAM_ENTRY || !entry.content) return null;
  const content = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content);
  return content.subarray(0, Math.max(0, Math.min(entry.size, content.length)));
}

// --- BIFF8 records

const BOF = 0x0809;
const OLD_BOFS = new Set([0x0009, 0x0209, 0x0409]); // BIFF2, 3, 4
const EOF = 0x000a;
const BOUND_SHEET = 0x0085;
const FILE_PASS = 0x002f;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const XF = 0x00e0;
const FORMAT = 0x041e;
const DATE_MODE = 0x0022;
const LABEL_SST = 0x00fd;
const LABEL = 0x0204;
const NUMBER = 0x0203;
const RK = 0x027e;
const MUL_RK = 0x00bd;
const BOOL_ERR = 0x0205;
const FORMULA = 0x0006;
const STRING = 0x0207;
// Records that may stand between a Formula and the String with its result.
const FORMULA_PARTS = new Set([0x04bc, 0x0221, 0x0236]);
const ONE_CELL = new Set([LABEL_SST, LABEL, NUMBER, RK, BOOL_ERR, FORMULA]);

const BIFF8 = 0x0600;
const GLOBALS_KIND = 0x0005;
const WORKSHEET_KIND = 0x0010;

interface BiffRecord {
  type: number;
  data: Buffer;
}

// The records of a stream from an offset on. Each step moves on by at least a header, so a walk
// always ends.
class Records {
  constructor(
    private readonly stream: Buffer,
    private at: number,
  ) {}

  // null at the end of the stream.
  next(): BiffRecord | null {
    const { stream } = this;
    if (this.at >= stream.length) return null;
    if (this.at + 4 > stream.length) throw new Damaged();
    const type = stream.readUInt16LE(this.at);
    const end = this.at + 4 + stream.readUInt16LE(this.at + 2);
    if (end > stream.length) throw new Damaged();
    const data = stream.subarray(this.at + 4, end);
    this.at = end;
    return { type, data };
  }

  // The bodies of the CONTINUE records right after the last one read.
  continues(): Buffer[] {
    const parts: Buffer[] = [];
    while (this.at + 4 <= this.stream.length && this.stream.readUInt16LE(this.at) === CONTINUE) {
      parts.push(this.next()!.data);
    }
    return parts;
  }
}

function need(data: Buffer, bytes: number): void {
  if (data.length < bytes) throw new Damaged();
}

// The first record of a substream: BIFF8's BOF of the kind expected.
function checkBof(record: BiffRecord | null, kind: number): void {
  if (record && OLD_BOFS.has(record.type)) throw new Unreadable();
  if (!record || record.type !== BOF) throw new Damaged();
  need(record.data, 4);
  const version = record.data.readUInt16LE(0);
  if (version < BIFF8) throw new Unreadable();
  if (version !== BIFF8 || record.data.readUInt16LE(2) !== kind) throw new Damaged();
}

// --- Strings that may go on in CONTINUE records

// The body of a record and of its CONTINUE records, read as one. A string's characters cut by
// the end of a record go on in the next one after a byte of its own that says whether they are
// one byte (Latin-1) or two (UTF-16LE) each; everything else just goes on.
class Parts {
  private part = 0;
  private at = 0;
  constructor(private readonly parts: readonly Buffer[]) {}

  // Whether anything is left; moves past the ends of records.
  more(): boolean {
    while (this.part < this.parts.length && this.at >= this.parts[this.part]!.length) {
      this.part += 1;
      this.at = 0;
    }
    return this.part < this.parts.length;
  }

  byte(): number {
    if (!this.more()) throw new Damaged();
    const value = this.parts[this.part]![this.at]!;
    this.at += 1;
    return value;
  }

  u16(): number {
    return this.byte() | (this.byte() << 8);
  }

  u32(): number {
    return (this.byte() | (this.byte() << 8) | (this.byte() << 16)) + this.byte() * 0x1000000;
  }

  skip(bytes: number): void {
    let left = bytes;
    while (left > 0) {
      if (!this.more()) throw new Damaged();
      const take = Math.min(left, this.parts[this.part]!.length - this.at);
      this.at += take;
      left -= take;
    }
  }

  chars(count: number, wide: boolean): string {
    const pieces: string[] = [];
    let left = count;
    let twoBytes = wide;
    while (left > 0) {
      const buffer = this.parts[this.part];
      if (buffer === undefined) throw new Damaged();
      if (this.at >= buffer.length) {
        const next = this.parts[this.part + 1];
        if (next === undefined || next.length === 0) throw new Damaged();
        this.part += 1;
        twoBytes = (next[0]! & 0x01) === 1;
        this.at = 1;
        continue;
      }
      const width = twoBytes ? 2 : 1;
      const take = Math.min(left, Math.floor((buffer.length - this.at) / width));
      // Half a UTF-16 character at the end of a record.
      if (take === 0) throw new Damaged();
      pieces.push(buffer.toString(twoBytes ? 'utf16le' : 'latin1', this.at, this.at + take * width));
      this.at += take * width;
      left -= take;
    }
    return pieces.join('');
  }
}

const HIGH_BYTE = 0x01;
const EXTENDED = 0x04;
const RICH = 0x08;

// XLUnicodeString: a count of characters, a flags byte, the characters.
function unicodeString(parts: Parts): string {
  const count = parts.u16();
  return parts.chars(count, (parts.byte() & HIGH_BYTE) !== 0);
}

// XLUnicodeRichExtendedString of the SST: formatting runs and phonetic data after the characters
// are skipped.
function richString(parts: Parts): string {
  const count = parts.u16();
  const flags = parts.byte();
  const runs = flags & RICH ? parts.u16() : 0;
  const extended = flags & EXTENDED ? parts.u32() : 0;
  const text = parts.chars(count, (flags & HIGH_BYTE) !== 0);
  parts.skip(runs * 4 + extended);
  return text;
}

function sharedStrings(parts: Parts): string[] {
  parts.skip(4);
  const unique = parts.u32();
  const strings: string[] = [];
  // Some writers count wrongly: the strings there are are read; a cell that points past them is damage.
  while (strings.length < unique && parts.more()) strings.push(richString(parts));
  return strings;
}

// --- The workbook globals

interface SheetEntry {
  offset: number;
  visible: boolean;
  worksheet: boolean;
}

interface Globals {
  sheets: SheetEntry[];
  strings: string[];
  // The number format of each XF (cell format) by its index.
  xfFormats: number[];
  formats: Map<number, string>;
  date1904: boolean;
}

function readGlobals(stream: Buffer): Globals {
  const records = new Records(stream, 0);
  checkBof(records.next(), GLOBALS_KIND);
  const globals: Globals = { sheets: [], strings: [], xfFormats: [], formats: new Map(), date1904: false };
  for (;;) {
    const record = records.next();
    if (!record) throw new Damaged();
    if (record.type === EOF) return globals;
    readGlobalRecord(record, records, globals);
  }
}

function readGlobalRecord({ type, data }: BiffRecord, records: Records, globals: Globals): void {
  switch (type) {
    case FILE_PASS:
      // Encrypted with a password to open: what follows cannot be read.
      throw new Unreadable();
    case BOUND_SHEET:
      need(data, 6);
      // hsState: 0 visible, 1 hidden, 2 very hidden; dt: 0 worksheet (or dialog), else chart or macros.
      globals.sheets.push({ offset: data.readUInt32LE(0), visible: (data[4]! & 0x03) === 0, worksheet: data[5] === 0 });
      return;
    case SST:
      globals.strings = sharedStrings(new Parts([data, ...records.continues()]));
      return;
    case XF:
      need(data, 4);
      globals.xfFormats.push(data.readUInt16LE(2));
      return;
    case FORMAT:
      need(data, 2);
      globals.formats.set(data.readUInt16LE(0), unicodeString(new Parts([data.subarray(2)])));
      return;
    case DATE_MODE:
      need(data, 2);
      globals.date1904 = data.readUInt16LE(0) === 1;
      return;
    default:
  }
}

// --- Dates

// Excel's built-in date and time formats (the ones it writes no Format record for).
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

// Whether a format code shows a date or time: a d, m, y, h or s outside quoted text, [brackets]
// (colours, locales, elapsed-time units) and escaped characters.
export function isDateFormat(code: string): boolean {
  for (let i = 0; i < code.length; i += 1) {
    const ch = code[i]!;
    if (ch === '"' || ch === '[') {
      const end = code.indexOf(ch === '"' ? '"' : ']', i + 1);
      if (end < 0) return false;
      i = end;
    } else if (ch === '\\' || ch === '_' || ch === '*') {
      // The next character is shown as it is, or padding.
      i += 1;
    } else if ('dmyhsDMYHS'.includes(ch)) {
      return true;
    }
  }
  return false;
}

const DAY_MS = 86_400_000;
// Days from Excel's day 0 (1899-12-30 in the 1900 system) to 1970-01-01, and between the systems.
const UNIX_EPOCH_DAYS = 25_569;
const DAYS_1904 = 1_462;

// As exceljs turns the same number of an xlsx into a date, so both kinds of file read alike.
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - UNIX_EPOCH_DAYS + (date1904 ? DAYS_1904 : 0)) * DAY_MS));
}

class NumberFormats {
  private readonly dates = new Map<number, boolean>();
  constructor(private readonly globals: Globals) {}

  value(number: number, xf: number): Plain {
    if (!Number.isFinite(number)) return null;
    return this.isDate(xf) ? excelDate(number, this.globals.date1904) : number;
  }

  private isDate(xf: number): boolean {
    const format = this.globals.xfFormats[xf];
    if (format === undefined) return false;
    let date = this.dates.get(format);
    if (date === undefined) {
      const code = this.globals.formats.get(format);
      date = code === undefined ? BUILT_IN_DATES.has(format) : isDateFormat(code);
      this.dates.set(format, date);
    }
    return date;
  }
}

// --- The worksheet

const RK_SCRATCH = Buffer.alloc(8);

// An RK number: a 30-bit integer or the top 30 bits of a double, either possibly ×100.
export function rkNumber(rk: number): number {
  let value: number;
  if (rk & 0x02) {
    value = rk >> 2;
  } else {
    RK_SCRATCH.writeUInt32LE(0, 0);
    RK_SCRATCH.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = RK_SCRATCH.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

class SheetCells {
  private readonly rows = new Map<number, Map<number, XlsCell>>();
  // The cell of a formula whose text result comes in the next String record.
  pending: { row: number; column: number } | null = null;

  set(row: number, column: number, value: Plain): void {
    this.pending = null;
    let cells = this.rows.get(row);
    if (value === null) {
      cells?.delete(column);
      return;
    }
    if (!cells) this.rows.set(row, (cells = new Map()));
    cells.set(column, { value });
  }

  // Rows in order and cells in column order, whatever order the records came in.
  toRows(): XlsRow[] {
    const rows: XlsRow[] = [];
    for (const row of [...this.rows.keys()].sort((a, b) => a - b)) {
      const cells = this.rows.get(row)!;
      if (cells.size === 0) continue;
      const columns = [...cells.keys()].sort((a, b) => a - b);
      rows.push(new XlsRow(row + 1, new Map(columns.map((column) => [column + 1, cells.get(column)!]))));
    }
    return rows;
  }
}

function readSheet(stream: Buffer, offset: number, globals: Globals): XlsRow[] {
  const records = new Records(stream, offset);
  checkBof(records.next(), WORKSHEET_KIND);
  const cells = new SheetCells();
  const formats = new NumberFormats(globals);
  // Embedded charts are substreams of their own, BOF to EOF, inside the sheet's.
  let depth = 1;
  for (;;) {
    const record = records.next();
    if (!record) throw new Damaged();
    if (record.type === BOF) depth += 1;
    else if (record.type === EOF) depth -= 1;
    else if (depth === 1) readCell(record, records, cells, formats, globals.strings);
    if (depth === 0) return cells.toRows();
  }
}

function readCell(
  { type, data }: BiffRecord,
  records: Records,
  cells: SheetCells,
  formats: NumberFormats,
  strings: readonly string[],
): void {
  if (type === MUL_RK) return readMulRk(data, cells, formats);
  if (type === STRING) return readFormulaString(data, records, cells);
  if (!ONE_CELL.has(type)) {
    // Records of a formula (shared, array) keep its String result waiting; any other cell ends it.
    if (!FORMULA_PARTS.has(type) && type !== CONTINUE) cells.pending = null;
    return;
  }
  need(data, 6);
  const row = data.readUInt16LE(0);
  const column = data.readUInt16LE(2);
  const xf = data.readUInt16LE(4);
  switch (type) {
    case LABEL_SST: {
      need(data, 10);
      const text = strings[data.readUInt32LE(6)];
      if (text === undefined) throw new Damaged();
      return cells.set(row, column, text);
    }
    case LABEL:
      return cells.set(row, column, unicodeString(new Parts([data.subarray(6)])));
    case NUMBER:
      need(data, 14);
      return cells.set(row, column, formats.value(data.readDoubleLE(6), xf));
    case RK:
      need(data, 10);
      return cells.set(row, column, formats.value(rkNumber(data.readUInt32LE(6)), xf));
    case BOOL_ERR:
      need(data, 8);
      // An error (#N/A) reads as an empty cell, as in an xlsx.
      return cells.set(row, column, data[7] ? null : data[6] !== 0);
    default:
      return readFormula(data, row, column, xf, cells, formats);
  }
}

function readMulRk(data: Buffer, cells: SheetCells, formats: NumberFormats): void {
  // Row, first column, then six bytes (XF, RK) a cell, then the last column.
  if (data.length < 6 || (data.length - 6) % 6 !== 0) throw new Damaged();
  const row = data.readUInt16LE(0);
  const first = data.readUInt16LE(2);
  for (let i = 0; i < (data.length - 6) / 6; i += 1) {
    const at = 4 + i * 6;
    cells.set(row, first + i, formats.value(rkNumber(data.readUInt32LE(at + 2)), data.readUInt16LE(at)));
  }
}

// A formula's cached result: a number, or (when its last two bytes are FFFF) a kind in the
// first byte: 0 text in the next String record, 1 boolean, 2 error, 3 empty text.
function readFormula(data: Buffer, row: number, column: number, xf: number, cells: SheetCells, formats: NumberFormats) {
  need(data, 14);
  if (data.readUInt16LE(12) !== 0xffff) return cells.set(row, column, formats.value(data.readDoubleLE(6), xf));
  const kind = data[6];
  if (kind === 1) return cells.set(row, column, data[8] !== 0);
  cells.set(row, column, null);
  if (kind === 0) cells.pending = { row, column };
}

function readFormulaString(data: Buffer, records: Records, cells: SheetCells): void {
  const text = unicodeString(new Parts([data, ...records.continues()]));
  const { pending } = cells;
  if (pending) cells.set(pending.row, pending.column, text);
}

// --- Guarding cfb
//
// cfb 1.2.2 follows the container's sector chains and directory links as the file gives them. A
// crafted file with a loop in them makes it run until memory is gone (it takes the server down),
// and chains in an odd order make it copy the file over and over. The checks below walk the same
// structures the way cfb does, within a budget of steps, before cfb is given the file; a file
// written by Excel passes them at once. cfb is pinned: an upgrade must check these against it.

const FREE_SECTOR = -1;
const END_OF_CHAIN = -2;
const MAX_DIRECTORY_ENTRIES = 1024;
const MAX_DIRECTORY_DEPTH = 64;
const ENTRY_BYTES = 128;
const MINI_STREAM_CUTOFF = 4096;
const ROOT_ENTRY = 5;
const UNUSED_ENTRY = 0;

interface Layout {
  file: Buffer;
  sectorSize: number;
  sectors: number;
  // The sectors of the FAT, in order.
  fat: number[];
}

// cfb's reading of four bytes: past the end of a sector the walk stops.
function int32(sector: Buffer, at: number): number {
  if (at + 4 <= sector.length) return sector.readInt32LE(at);
  if (at >= sector.length) return -1;
  let value = 0;
  for (let i = at + 3; i >= at; i -= 1) value = value * 256 + (sector[i] ?? 0);
  return value | 0;
}

function sectorAt(layout: Layout, index: number): Buffer | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= layout.sectors) return undefined;
  const start = (index + 1) * layout.sectorSize;
  return layout.file.subarray(start, Math.min(start + layout.sectorSize, layout.file.length));
}

function nextSector(layout: Layout, sector: number): number {
  const fatSector = sectorAt(layout, layout.fat[Math.floor((sector * 4) / layout.sectorSize)] ?? -1);
  return fatSector ? int32(fatSector, (sector * 4) & (layout.sectorSize - 1)) : -1;
}

function readLayout(file: Buffer): Layout | null {
  const major = file.length >= 512 ? file.readUInt16LE(26) : 0;
  const sectorSize = major === 3 ? 512 : major === 4 ? 4096 : 0;
  if (sectorSize === 0 || file.length <= sectorSize) return null;
  const layout: Layout = { file, sectorSize, sectors: Math.ceil(file.length / sectorSize) - 1, fat: [] };
  for (let i = 0; i < 109; i += 1) {
    const sector = file.readInt32LE(76 + i * 4);
    if (sector < 0) break;
    layout.fat.push(sector);
  }
  // The rest of the FAT's sectors are listed in the DIFAT chain.
  let sector = file.readInt32LE(68);
  let left = file.readInt32LE(72);
  for (let steps = 0; sector !== FREE_SECTOR; steps += 1) {
    if (sector === END_OF_CHAIN) return left === 0 ? layout : null;
    const difat = sectorAt(layout, sector);
    if (!difat) break;
    if (steps > layout.sectors) return null;
    for (let i = 0; i < sectorSize / 4 - 1; i += 1) {
      const fat = int32(difat, i * 4);
      if (fat === END_OF_CHAIN) break;
      layout.fat.push(fat);
    }
    if (left < 1) break;
    sector = int32(difat, sectorSize - 4);
    left -= 1;
  }
  return layout;
}

class Budget {
  constructor(private left: number) {}
  spend(): boolean {
    this.left -= 1;
    return this.left >= 0;
  }
}

// cfb's first pass: a chain from every sector not yet seen, in order from the directory's.
function walkChains(layout: Layout, directoryStart: number, budget: Budget) {
  const checked = new Set<number>();
  const starts = new Set<number>();
  const lastWalk = new Map<number, number>();
  let directory: number[] = [];
  for (let i = 0; i < layout.sectors; i += 1) {
    let start = i + directoryStart;
    if (start >= layout.sectors) start -= layout.sectors;
    if (checked.has(start)) continue;
    const chain: number[] = [];
    for (let sector = start; sector >= 0;) {
      if (!budget.spend()) return null;
      lastWalk.set(sector, i);
      checked.add(sector);
      chain.push(sector);
      sector = nextSector(layout, sector);
      if (lastWalk.get(sector) === i) break;
    }
    starts.add(start);
    if (start === directoryStart) directory = chain;
  }
  return { starts, directory };
}

interface DirectoryEntry {
  type: number;
  links: [number, number, number];
  start: number;
  size: number;
}

function directoryEntries(layout: Layout, chain: readonly number[]): DirectoryEntry[] | null {
  const sectors = chain.map((sector) => sectorAt(layout, sector));
  if (sectors.length === 0 || sectors.some((s) => s === undefined || s.length !== layout.sectorSize)) return null;
  const directory = Buffer.concat(sectors as Buffer[]);
  if (directory.length / ENTRY_BYTES > MAX_DIRECTORY_ENTRIES) return null;
  const entries: DirectoryEntry[] = [];
  for (let at = 0; at < directory.length; at += ENTRY_BYTES) {
    entries.push({
      type: directory[at + 66]!,
      links: [directory.readInt32LE(at + 68), directory.readInt32LE(at + 72), directory.readInt32LE(at + 76)],
      start: directory.readInt32LE(at + 116),
      size: directory.readInt32LE(at + 120),
    });
  }
  return entries;
}

// cfb follows the chain of a big stream that starts inside another chain with no check for loops.
function streamChainsEnd(layout: Layout, entries: readonly DirectoryEntry[], starts: Set<number>, budget: Budget) {
  for (const { type, start, size } of entries) {
    if (type === ROOT_ENTRY || size < MINI_STREAM_CUTOFF || starts.has(start)) continue;
    for (let sector = start; sector >= 0; sector = nextSector(layout, sector)) if (!budget.spend()) return false;
    starts.add(start);
  }
  return true;
}

// cfb's way of finding each entry's parent storage (its build_full_paths), with its links checked
// to stay in the directory and its walks up to the root bounded.
function pathsEnd(entries: readonly DirectoryEntry[]): boolean {
  const n = entries.length;
  if (entries.some((e) => e.links.some((link) => !Number.isInteger(link) || link < -1 || link >= n))) return false;
  const dad = entries.map((_, i) => i);
  const queue = entries.map((_, i) => i);
  const lastAt = entries.map((_, i) => i);
  let left = -1;
  let right = -1;
  for (let j = 0; j < queue.length; j += 1) {
    if (queue.length > 4 * n + 16) return false;
    const i = queue[j]!;
    const [l, r, child] = entries[i]!.links;
    left = l;
    right = r;
    if (dad[i] === i) {
      if (l !== -1 && dad[l] !== l) dad[i] = dad[l]!;
      if (r !== -1 && dad[r] !== r) dad[i] = dad[r]!;
    }
    if (child !== -1) dad[child] = i;
    for (const sibling of [l, r]) {
      if (sibling === -1 || i === dad[i]) continue;
      dad[sibling] = dad[i]!;
      if (lastAt[sibling]! < j) lastAt[sibling] = queue.push(sibling) - 1;
    }
  }
  for (let i = 1; i < n; i += 1) {
    if (dad[i] !== i) continue;
    if (right !== -1 && dad[right] !== right) dad[i] = dad[right]!;
    else if (left !== -1 && dad[left] !== left) dad[i] = dad[left]!;
  }
  for (let i = 1; i < n; i += 1) {
    if (entries[i]!.type === UNUSED_ENTRY) continue;
    let j = i;
    for (let steps = 0; j !== 0 && j !== dad[j]; steps += 1) {
      if (steps > MAX_DIRECTORY_DEPTH) return false;
      j = dad[j]!;
    }
  }
  return true;
}

function containerIsSafe(file: Buffer): boolean {
  const layout = readLayout(file);
  if (!layout) return false;
  const directoryStart = file.readInt32LE(48);
  // cfb copies each chain it walks: at most a few times the file.
  const budget = new Budget(4 * layout.sectors + 64);
  const chains = walkChains(layout, directoryStart, budget);
  if (!chains) return false;
  const entries = directoryEntries(layout, chains.directory);
  if (!entries) return false;
  return streamChainsEnd(layout, entries, chains.starts, budget) && pathsEnd(entries);
}
