import * as XLSX from '@e965/xlsx';
import { CLIENT_LIST_STATUS } from '@salon/contract/mailing-clients';
import type { Plain } from './cells.js';
import { containerIsSafe } from './ole-guard.js';

// Reads the first visible worksheet of an Excel 97–2003 file (.xls) into rows of plain cell
// values, for the client-list parser, with SheetJS (@e965/xlsx, the current SheetJS build). What
// is ours: the container guard ahead of it (ole-guard.ts), the refusals a client list answers
// with, and numbers with a date format turned into dates the way exceljs does for an xlsx.

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

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const STREAM_ENTRY = 2;

const damaged = { ok: false, status: CLIENT_LIST_STATUS.damaged } as const;
const saveAsXlsx = { ok: false, status: CLIENT_LIST_STATUS.saveAsXlsx } as const;

// SheetJS' bundled cfb (its typings leave it untyped): what this reader uses of it.
interface CfbReader {
  read(file: Buffer, options: { type: 'buffer' }): unknown;
  find(container: unknown, path: string): { type: number; size: number; content?: Uint8Array | number[] } | null;
}
const CFB = XLSX.CFB as CfbReader;

function hasStream(container: unknown, name: string): boolean {
  const entry = CFB.find(container, `/${name}`);
  return entry !== null && entry.type === STREAM_ENTRY;
}

function streamContent(container: unknown, name: string): Buffer | null {
  const entry = CFB.find(container, `/${name}`);
  if (!entry || entry.type !== STREAM_ENTRY || !entry.content) return null;
  const content = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content);
  return content.subarray(0, Math.max(0, Math.min(entry.size, content.length)));
}

// The records SheetJS reads cells from, and the fewest bytes each needs. SheetJS reads a record
// that is too short for its kind past its end and can loop on what follows (a Number record of 8
// bytes made it spin for good), so every record is checked to be whole first.
const MIN_BODY = new Map<number, number>([
  [0x0809, 4], // BOF
  [0x0085, 8], // BoundSheet
  [0x00fc, 8], // SST
  [0x00e0, 20], // XF
  [0x041e, 5], // Format
  [0x0022, 2], // DateMode
  [0x0200, 14], // Dimensions
  [0x0208, 16], // Row
  [0x0201, 6], // Blank
  [0x00be, 6], // MulBlank
  [0x00fd, 10], // LabelSst
  [0x0204, 9], // Label
  [0x0203, 14], // Number
  [0x027e, 10], // RK
  [0x00bd, 12], // MulRk
  [0x0205, 8], // BoolErr
  [0x0006, 20], // Formula
  [0x0207, 3], // String
]);
const BOF = 0x0809;
const EOF = 0x000a;
const BOUND_SHEET = 0x0085;
const BIFF8 = 0x0600;
const MUL_RK = 0x00bd;
const MUL_BLANK = 0x00be;

// Whether the Workbook stream is a run of whole BIFF8 records: 'old' for BIFF5 and older (Excel
// 95 and before, which the client list asks to save as xlsx), 'damaged' for anything cut or short.
function checkRecords(stream: Buffer): 'ok' | 'old' | 'damaged' {
  if (stream.length < 8 || stream.readUInt16LE(0) !== BOF) {
    // BIFF2-4 start with BOF records of their own numbers.
    return stream.length >= 2 && [0x0009, 0x0209, 0x0409].includes(stream.readUInt16LE(0)) ? 'old' : 'damaged';
  }
  if (stream.readUInt16LE(4) !== BIFF8) return 'old';
  let at = 0;
  // Substreams open (BOF) and not yet closed (EOF), and where the sheets are said to start.
  let open = 0;
  const starts = new Set<number>();
  const sheets: number[] = [];
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const length = stream.readUInt16LE(at + 2);
    if (at + 4 + length > stream.length) return 'damaged';
    const min = MIN_BODY.get(type);
    if (min !== undefined && length < min) return 'damaged';
    if ((type === MUL_RK || type === MUL_BLANK) && (length - 6) % (type === MUL_RK ? 6 : 2) !== 0) return 'damaged';
    if (type === BOF) {
      if (stream.readUInt16LE(at + 4) !== BIFF8) return 'old';
      open += 1;
      starts.add(at);
    } else if (type === EOF) open -= 1;
    else if (type === BOUND_SHEET) sheets.push(stream.readUInt32LE(at + 4));
    if (open < 0) return 'damaged';
    at += 4 + length;
  }
  return at === stream.length && open === 0 && sheets.every((start) => starts.has(start)) ? 'ok' : 'damaged';
}

// Reads the workbook's first visible worksheet. A broken file of any kind comes back as `damaged`:
// nothing in the file can make this throw or loop.
export function readXlsSheet(file: Buffer): XlsSheetResult {
  if (file.length < OLE_MAGIC.length || !file.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) return damaged;
  if (!containerIsSafe(file)) return damaged;
  let workbook: XLSX.WorkBook;
  try {
    const container = CFB.read(file, { type: 'buffer' });
    // An xlsx locked with a password is an OLE container too: saving it unlocked as .xlsx helps.
    if (hasStream(container, 'EncryptedPackage')) return saveAsXlsx;
    const stream = streamContent(container, 'Workbook') ?? streamContent(container, 'Book');
    if (!stream) return damaged;
    const records = checkRecords(stream);
    if (records !== 'ok') return records === 'old' ? saveAsXlsx : damaged;
    workbook = XLSX.read(file, {
      type: 'buffer',
      dense: true,
      cellNF: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (error) {
    // An encrypted workbook (a FilePass record) cannot be read; saved as .xlsx it can.
    if (error instanceof Error && /password|encrypt/i.test(error.message)) return saveAsXlsx;
    return damaged;
  }
  const sheets = workbook.Workbook?.Sheets ?? [];
  const name = workbook.SheetNames.find((sheetName, i) => {
    const hidden = sheets[i]?.Hidden ?? 0;
    return hidden === 0 && workbook.Sheets[sheetName]?.['!type'] === undefined;
  });
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  return { ok: true, rows: sheet ? rowsOf(sheet, workbook.Workbook?.WBProps?.date1904 === true) : [] };
}

const DAY_MS = 86_400_000;
// Days from Excel's day 0 (1899-12-30 in the 1900 system) to 1970-01-01, and between the systems.
const UNIX_EPOCH_DAYS = 25_569;
const DAYS_1904 = 1_462;

// As exceljs turns the same number of an xlsx into a date, so both kinds of file read alike.
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - UNIX_EPOCH_DAYS + (date1904 ? DAYS_1904 : 0)) * DAY_MS));
}

function plain(cell: XLSX.CellObject, date1904: boolean, dateFormats: Map<string, boolean>): Plain {
  switch (cell.t) {
    case 's':
      return typeof cell.v === 'string' ? cell.v : null;
    case 'b':
      return cell.v === true;
    case 'n': {
      const number = cell.v;
      if (typeof number !== 'number' || !Number.isFinite(number)) return null;
      const format = typeof cell.z === 'string' ? cell.z : undefined;
      if (format === undefined) return number;
      let date = dateFormats.get(format);
      if (date === undefined) {
        date = XLSX.SSF.is_date(format) === true;
        dateFormats.set(format, date);
      }
      return date ? excelDate(number, date1904) : number;
    }
    default:
      // Errors (#N/A) and blanks show nothing.
      return null;
  }
}

function rowsOf(sheet: XLSX.WorkSheet, date1904: boolean): XlsRow[] {
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const dateFormats = new Map<string, boolean>();
  const rows: XlsRow[] = [];
  data.forEach((row, r) => {
    if (!row) return;
    const cells = new Map<number, XlsCell>();
    row.forEach((cell, c) => {
      if (!cell) return;
      const value = plain(cell, date1904, dateFormats);
      if (value !== null) cells.set(c + 1, { value });
    });
    if (cells.size > 0) rows.push(new XlsRow(r + 1, cells));
  });
  return rows;
}
