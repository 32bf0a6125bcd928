import * as XLSX from '@e965/xlsx';

// SheetJS' bundled cfb (its typings leave it untyped): what these writers use of it.
interface CfbWriter {
  utils: { cfb_new(): unknown; cfb_add(container: unknown, name: string, data: Buffer): void };
  write(container: unknown, options: { type: 'buffer' }): Uint8Array;
}
const CFB = XLSX.CFB as CfbWriter;

// Test-only: writes small Excel 97–2003 (.xls, BIFF8) workbooks, record by record, so the xls
// reader is tried on files whose every byte is known. Only the records the reader looks at are
// written, plus what Excel would put around them.

// A cell: a string goes to the shared strings, a number to a Number record, a Date to a Number
// with a date format, a boolean to BoolErr; the objects pick a record of their own.
export type XlsTestCell =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  // A Label record (text in the cell record, not the shared strings).
  | { label: string }
  // A shared string written with formatting runs and phonetic data after its characters.
  | { rich: string; runs: number; phonetic: number }
  // An RK record; neighbouring ones in a row go into one MulRk.
  | { rk: number }
  // A number with a format given by its code (a custom Format record) or built-in id.
  | { number: number; format: string | number }
  // A formula and its cached result (a string result comes in a String record after it).
  | { formula: number | string | boolean | 'error' }
  | { error: number }
  | { blank: true };

export interface XlsTestSheet {
  name: string;
  hidden?: boolean;
  rows: XlsTestCell[][];
}

export interface XlsTestOptions {
  // Longest body of an SST record before a CONTINUE (Excel: 8224), small to split strings.
  sstLimit?: number;
  // A FilePass record: the workbook is encrypted.
  encrypted?: boolean;
  // The BOF records' version: 0x0600 is BIFF8, 0x0500 BIFF5.
  version?: number;
  date1904?: boolean;
}

const T = {
  BOF: 0x0809,
  EOF: 0x000a,
  BOUND_SHEET: 0x0085,
  FILE_PASS: 0x002f,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  XF: 0x00e0,
  FORMAT: 0x041e,
  DATE_MODE: 0x0022,
  LABEL_SST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MUL_RK: 0x00bd,
  BOOL_ERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BLANK: 0x0201,
  ROW: 0x0208,
} as const;

export function record(type: number, body: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(body.length, 2);
  return Buffer.concat([header, body]);
}

function u16(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => buffer.writeUInt16LE(v, i * 2));
  return buffer;
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0, 0);
  return buffer;
}

function f64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeDoubleLE(value, 0);
  return buffer;
}

const isLatin1 = (text: string) => [...text].every((ch) => ch.charCodeAt(0) <= 0xff);

function chars(text: string, wide: boolean): Buffer {
  return Buffer.from(text, wide ? 'utf16le' : 'latin1');
}

// XLUnicodeString: Latin-1 text one byte a character, anything else UTF-16LE.
function unicodeString(text: string): Buffer {
  const wide = !isLatin1(text);
  return Buffer.concat([u16(text.length), Buffer.from([wide ? 1 : 0]), chars(text, wide)]);
}

export function bof(kind: number, version = 0x0600): Buffer {
  const body =
    version === 0x0600
      ? Buffer.concat([u16(0x0600, kind, 0x0dbb, 0x07cc), u32(0x41), u32(0x06)])
      : u16(version, kind, 0x0dbb, 0x07cc);
  return record(T.BOF, body);
}

// An RK value for a number that has one: a 30-bit integer, or a double whose low 32 bits are
// zero, either possibly ×100.
export function rkValue(value: number): number {
  const asInt = (n: number) => Number.isInteger(n) && n >= -(2 ** 29) && n < 2 ** 29;
  if (asInt(value)) return ((value << 2) | 2) >>> 0;
  const hundred = Math.round(value * 100);
  if (asInt(hundred) && hundred / 100 === value) return ((hundred << 2) | 3) >>> 0;
  for (const [scaled, flag] of [
    [value, 0],
    [value * 100, 1],
  ] as const) {
    const bits = f64(scaled);
    if (bits.readUInt32LE(0) === 0 && (bits.readUInt32LE(4) & 3) === 0 && (flag === 0 || scaled / 100 === value)) {
      return (bits.readUInt32LE(4) | flag) >>> 0;
    }
  }
  throw new Error(`${value} has no RK form`);
}

interface SstString {
  text: string;
  runs: number;
  phonetic: number;
}

// The SST and its CONTINUE records. A string's characters may be cut at a record's end: the next
// record starts with a flags byte, and each piece is written one byte a character when it can be.
function sst(strings: readonly SstString[], limit: number): Buffer {
  const bodies: Buffer[] = [];
  let body: Buffer[] = [Buffer.concat([u32(strings.length), u32(strings.length)])];
  let size = 8;
  const flush = () => {
    bodies.push(Buffer.concat(body));
    body = [];
    size = 0;
  };
  const put = (bytes: Buffer) => {
    body.push(bytes);
    size += bytes.length;
  };
  for (const { text, runs, phonetic } of strings) {
    const flags = (runs > 0 ? 0x08 : 0) | (phonetic > 0 ? 0x04 : 0);
    const headerBytes = 3 + (runs > 0 ? 2 : 0) + (phonetic > 0 ? 4 : 0);
    // A string's header is never cut; it goes with its first character.
    if (size + headerBytes + 2 > limit) flush();
    const header = Buffer.concat([
      u16(text.length),
      Buffer.alloc(1),
      runs > 0 ? u16(runs) : Buffer.alloc(0),
      phonetic > 0 ? u32(phonetic) : Buffer.alloc(0),
    ]);
    put(header);
    let first = true;
    for (let i = 0; i < text.length;) {
      let room = limit - size;
      if (room < 2) {
        flush();
        // Room for the flags byte, patched below.
        put(Buffer.alloc(1));
        room = limit - size;
      }
      const narrow = Math.min(room, text.length - i);
      const wide = !isLatin1(text.slice(i, i + narrow));
      const take = wide ? Math.min(Math.floor(room / 2), text.length - i) : narrow;
      if (first) header[2] = flags | (wide ? 1 : 0);
      else if (body.length === 1) body[0]![0] = wide ? 1 : 0;
      put(chars(text.slice(i, i + take), wide));
      i += take;
      first = false;
    }
    if (first) header[2] = flags;
    // Formatting runs and phonetic data go on in the next record without a flags byte.
    let tail = Buffer.alloc(runs * 4 + phonetic, 0x5a);
    while (tail.length > 0) {
      if (size >= limit) flush();
      const take = Math.min(limit - size, tail.length);
      put(tail.subarray(0, take));
      tail = tail.subarray(take);
    }
  }
  flush();
  return Buffer.concat(bodies.map((b, i) => record(i === 0 ? T.SST : T.CONTINUE, b)));
}

const GENERAL_XF = 15;
const FIRST_FREE_FORMAT = 164;

// The formats of the workbook: XF records (15 style XFs, then cell XFs) and custom Format records.
class Styles {
  private readonly formats = new Map<string, number>();
  private readonly xfs: number[] = [];

  xf(format: string | number): number {
    let id: number;
    if (typeof format === 'number') id = format;
    else {
      id = this.formats.get(format) ?? FIRST_FREE_FORMAT + this.formats.size;
      this.formats.set(format, id);
    }
    const known = this.xfs.indexOf(id);
    if (known >= 0) return GENERAL_XF + 1 + known;
    this.xfs.push(id);
    return GENERAL_XF + this.xfs.length;
  }

  records(): Buffer[] {
    const out: Buffer[] = [];
    for (const [code, id] of this.formats) out.push(record(T.FORMAT, Buffer.concat([u16(id), unicodeString(code)])));
    const xf = (format: number, style: boolean) =>
      record(T.XF, Buffer.concat([u16(0, format, style ? 0xfff5 : 0x0001), Buffer.alloc(14)]));
    for (let i = 0; i < GENERAL_XF; i += 1) out.push(xf(0, true));
    out.push(xf(0, false));
    for (const id of this.xfs) out.push(xf(id, false));
    return out;
  }
}

const DAY_MS = 86_400_000;

function serial(date: Date, date1904: boolean): number {
  return date.getTime() / DAY_MS + 25_569 - (date1904 ? 1_462 : 0);
}

class SheetWriter {
  readonly out: Buffer[] = [];
  constructor(
    private readonly strings: Map<string, number>,
    private readonly sstList: SstString[],
    private readonly styles: Styles,
    private readonly date1904: boolean,
  ) {}

  private shared(text: string, runs = 0, phonetic = 0): number {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    this.sstList.push({ text, runs, phonetic });
    this.strings.set(text, this.sstList.length - 1);
    return this.sstList.length - 1;
  }

  row(r: number, cells: readonly XlsTestCell[]): void {
    this.out.push(record(T.ROW, Buffer.concat([u16(r, 0, cells.length, 0x00ff, 0, 0), u32(0x0f0100)])));
    for (let c = 0; c < cells.length; c += 1) {
      const cell = cells[c];
      if (typeof cell === 'object' && cell !== null && 'rk' in cell) {
        let last = c;
        while (last + 1 < cells.length && isRk(cells[last + 1])) last += 1;
        this.rks(r, c, cells.slice(c, last + 1) as { rk: number }[]);
        c = last;
      } else {
        this.cell(r, c, cell);
      }
    }
  }

  private rks(r: number, c: number, cells: readonly { rk: number }[]): void {
    const xf = GENERAL_XF;
    if (cells.length === 1) {
      this.out.push(record(T.RK, Buffer.concat([u16(r, c, xf), u32(rkValue(cells[0]!.rk))])));
      return;
    }
    const parts = cells.map((cell) => Buffer.concat([u16(xf), u32(rkValue(cell.rk))]));
    this.out.push(record(T.MUL_RK, Buffer.concat([u16(r, c), ...parts, u16(c + cells.length - 1)])));
  }

  private cell(r: number, c: number, cell: XlsTestCell): void {
    const at = (xf = GENERAL_XF) => u16(r, c, xf);
    if (cell === null || cell === undefined) return;
    if (typeof cell === 'string') {
      this.out.push(record(T.LABEL_SST, Buffer.concat([at(), u32(this.shared(cell))])));
    } else if (typeof cell === 'number') {
      this.out.push(record(T.NUMBER, Buffer.concat([at(), f64(cell)])));
    } else if (typeof cell === 'boolean') {
      this.out.push(record(T.BOOL_ERR, Buffer.concat([at(), Buffer.from([cell ? 1 : 0, 0])])));
    } else if (cell instanceof Date) {
      const xf = this.styles.xf('dd.mm.yyyy');
      this.out.push(record(T.NUMBER, Buffer.concat([at(xf), f64(serial(cell, this.date1904))])));
    } else if ('label' in cell) {
      this.out.push(record(T.LABEL, Buffer.concat([at(), unicodeString(cell.label)])));
    } else if ('rich' in cell) {
      this.out.push(record(T.LABEL_SST, Buffer.concat([at(), u32(this.shared(cell.rich, cell.runs, cell.phonetic))])));
    } else if ('number' in cell) {
      this.out.push(record(T.NUMBER, Buffer.concat([at(this.styles.xf(cell.format)), f64(cell.number)])));
    } else if ('formula' in cell) {
      this.formula(r, c, cell.formula);
    } else if ('error' in cell) {
      this.out.push(record(T.BOOL_ERR, Buffer.concat([at(), Buffer.from([cell.error, 1])])));
    } else if ('blank' in cell) {
      this.out.push(record(T.BLANK, at()));
    }
  }

  private formula(r: number, c: number, result: number | string | boolean | 'error'): void {
    let value: Buffer;
    if (typeof result === 'number') value = f64(result);
    else {
      value = Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]);
      if (result === 'error') value.set([2, 0, 0x07], 0);
      else if (typeof result === 'boolean') value.set([1, 0, result ? 1 : 0], 0);
      else value[0] = result === '' ? 3 : 0;
    }
    // The formula itself: =0 (a ptgInt), as the reader never looks at it.
    const parsed = Buffer.from([3, 0, 0x1e, 0, 0]);
    this.out.push(record(T.FORMULA, Buffer.concat([u16(r, c, GENERAL_XF), value, u16(0), u32(0), parsed])));
    if (typeof result === 'string' && result !== '' && result !== 'error') {
      this.out.push(record(T.STRING, unicodeString(result)));
    }
  }
}

const isRk = (cell: XlsTestCell) => typeof cell === 'object' && cell !== null && 'rk' in cell;

// The 'Workbook' stream: the globals, then each sheet's substream.
export function workbookStream(sheets: readonly XlsTestSheet[], options: XlsTestOptions = {}): Buffer {
  const version = options.version ?? 0x0600;
  const date1904 = options.date1904 ?? false;
  const strings = new Map<string, number>();
  const sstList: SstString[] = [];
  const styles = new Styles();
  const substreams = sheets.map((sheet) => {
    const writer = new SheetWriter(strings, sstList, styles, date1904);
    sheet.rows.forEach((cells, r) => writer.row(r, cells));
    return Buffer.concat([bof(0x0010, version), ...writer.out, record(T.EOF, Buffer.alloc(0))]);
  });
  const boundSheet = (sheet: XlsTestSheet, offset: number) =>
    record(
      T.BOUND_SHEET,
      Buffer.concat([
        u32(offset),
        Buffer.from([sheet.hidden ? 1 : 0, 0, sheet.name.length, 1]),
        chars(sheet.name, true),
      ]),
    );
  const head = Buffer.concat([
    bof(0x0005, version),
    ...(options.encrypted ? [record(T.FILE_PASS, Buffer.concat([u16(1, 1, 1), Buffer.alloc(48, 0x33)]))] : []),
    record(T.DATE_MODE, u16(date1904 ? 1 : 0)),
    ...styles.records(),
  ]);
  const tail = Buffer.concat([sst(sstList, options.sstLimit ?? 8224), record(T.EOF, Buffer.alloc(0))]);
  let offset = head.length + tail.length + sheets.reduce((n, s) => n + boundSheet(s, 0).length, 0);
  const bounds = sheets.map((sheet, i) => {
    const bound = boundSheet(sheet, offset);
    offset += substreams[i]!.length;
    return bound;
  });
  return Buffer.concat([head, ...bounds, tail, ...substreams]);
}

// An OLE compound file holding the given streams.
export function oleFile(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) CFB.utils.cfb_add(container, name, data);
  return Buffer.from(CFB.write(container, { type: 'buffer' }));
}

export function xlsFile(sheets: readonly XlsTestSheet[], options: XlsTestOptions = {}): Buffer {
  const stream = workbookStream(sheets, options);
  return oleFile({ [options.version === 0x0500 ? 'Book' : 'Workbook']: stream });
}
