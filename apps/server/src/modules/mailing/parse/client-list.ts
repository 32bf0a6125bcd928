import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  CLIENT_LIST_BASE_KEYS,
  CLIENT_LIST_STATUS,
  MAX_CLIENT_LIST_BYTES,
  MAX_CLIENT_LIST_ROWS,
  type ClientListColumn,
  type ClientListCounts,
  type ClientListStatus,
} from '@salon/contract/mailing-clients';
import { normalizePhone } from '@salon/contract/phone';
import { cellText, plainValue } from './cells.js';
import { mapHeader, type ColumnMap, type HeaderCell } from './header.js';
import { ClientListWorkbookReader } from './workbook-reader.js';
import { readXlsSheet } from './xls-reader.js';
import { checkZipBudget } from './zip-budget.js';
import { sheetsLast } from './zip-layout.js';

export interface ParseClientListOptions {
  // Phones (digits with the country code) that get no messages.
  blacklist: ReadonlySet<string>;
  // Non-empty rows after the header; more is refused (default MAX_CLIENT_LIST_ROWS).
  maxRows?: number;
  // The size of a stream when the upload told it; a file path is measured here. A stream is also
  // counted as it is read, so a wrong size cannot get a bigger file through.
  size?: number;
  maxBytes?: number;
  // What the work may cost (issue 12: a zip bomb named .xlsx): bytes unpacked, sheet rows counted
  // with the empty ones, wall-clock time. Past any of them the list is refused as too big.
  maxUnpackedBytes?: number;
  maxSheetRows?: number;
  timeLimitMs?: number;
  // Aborted when the client has gone: the reading stops.
  signal?: AbortSignal;
}

// The defaults of the budget. A list of MAX_CLIENT_LIST_ROWS rows with a dozen columns unpacks to
// a few tens of MB; Excel's own sheets end at 1,048,576 rows; a 100,000-row list reads in about
// two seconds.
export const CLIENT_LIST_BUDGET = {
  maxUnpackedBytes: 10 * MAX_CLIENT_LIST_BYTES,
  maxEntries: 10_000,
  maxSheetRows: 1_048_576,
  timeLimitMs: 60_000,
} as const;

export interface ParsedClient {
  phone: string;
  name: string;
  // Values of the file's other columns by their keys ('' where a row has none).
  keys: Readonly<Record<string, string>>;
}

export type ClientListResult =
  | {
      ok: true;
      clients: ParsedClient[];
      counts: ClientListCounts;
      // The message keys the list offers: name, phone, then one per other titled column.
      keys: string[];
      columns: ClientListColumn[];
      headerless: boolean;
    }
  | { ok: false; status: ClientListStatus; counts: ClientListCounts; limit?: number };

// First bytes of a zip (xlsx) and of an OLE container (xls, or an xlsx locked with a password).
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
// How many non-empty rows may stand above the header (a title, a date of export).
const HEADER_SEARCH_ROWS = 5;
const NO_KEYS: Readonly<Record<string, string>> = Object.freeze({});

class AbortedRead extends Error {}

function zeroCounts(): ClientListCounts {
  return { rows: 0, clients: 0, duplicates: 0, blacklisted: 0, invalid: 0, empty: 0 };
}

function startsWith(head: Buffer, magic: readonly number[]): boolean {
  return head.length >= magic.length && magic.every((byte, i) => head[i] === byte);
}

// Reads the first bytes of a stream and puts them back, so the reader after us gets them too.
function peek(stream: Readable, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
      const head = Buffer.concat(chunks);
      if (!ended && head.length > 0) stream.unshift(head);
      resolve(head);
    };
    const onReadable = () => {
      let chunk: Buffer | string | null;
      while (length < bytes && (chunk = stream.read() as Buffer | string | null) !== null) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        chunks.push(buffer);
        length += buffer.length;
      }
      if (length >= bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (error: Error) => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      reject(error);
    };
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

// A row's cells as the parser reads them: exceljs' row, an .xls row, or one held back while the
// header was looked for.
interface RowCells {
  findCell(column: number): { value: ExcelJS.CellValue } | undefined;
}

// A row of a worksheet, xlsx (exceljs' row) or xls (xls-reader's): its number and its cells.
interface SheetRow extends RowCells {
  readonly number: number;
  eachCell(callback: (cell: { value: ExcelJS.CellValue }, column: number) => void): void;
}

class HeldRow implements RowCells {
  private readonly values = new Map<number, { value: ExcelJS.CellValue }>();
  constructor(
    readonly number: number,
    // The row's texts, should it turn out to be the header.
    readonly texts: HeaderCell[],
    row: SheetRow,
  ) {
    row.eachCell((cell, column) => this.values.set(column, { value: cell.value }));
  }
  findCell(column: number): { value: ExcelJS.CellValue } | undefined {
    return this.values.get(column);
  }
}

function isBlank(value: ExcelJS.CellValue | undefined): boolean {
  const plain = plainValue(value);
  return plain === null || (typeof plain === 'string' && plain.trim() === '');
}

function cleanName(text: string): string {
  // A wrapped cell ('Иван\nПетров') reads as one line.
  return text.includes('\n') || text.includes('  ') || text.includes('\t') ? text.replace(/\s+/g, ' ') : text;
}

type Stop = { status: ClientListStatus; limit?: number };

// Reads one worksheet row by row: finds the header, then turns rows into clients. Nothing of a
// row is kept but the client made from it.
class ClientListBuilder {
  readonly counts = zeroCounts();
  readonly clients: ParsedClient[] = [];
  stop: Stop | null = null;
  map: ColumnMap | null = null;
  headerless = false;

  private readonly seen = new Set<string>();
  private readonly held: HeldRow[] = [];
  // The last row counted (or the header): the rows between it and the next one are empty.
  private lastRow = 0;

  constructor(
    private readonly options: Required<Pick<ParseClientListOptions, 'blacklist' | 'maxRows'>>,
  ) {}

  add(row: SheetRow): void {
    const number = Number.isFinite(row.number) ? row.number : this.lastRow + 1;
    if (this.map) this.data(row, number);
    else this.lookForHeader(row, number);
  }

  // After the last row: rows held while looking for a header are data under the first of them.
  finish(): void {
    if (this.map) return;
    const [header, ...rest] = this.held.splice(0);
    if (!header) return;
    this.map = mapHeader(header.texts);
    this.lastRow = header.number;
    for (const row of rest) this.data(row, row.number);
  }

  private lookForHeader(row: SheetRow, number: number): void {
    const cells: HeaderCell[] = [];
    row.eachCell((cell, column) => {
      const text = cellText(cell.value);
      if (text !== '') cells.push({ column, text });
    });
    if (cells.length === 0) return;
    const map = mapHeader(cells);
    if (map.phone !== null) {
      // The rows above the header were a title: they are not counted.
      this.held.length = 0;
      this.map = map;
      this.lastRow = number;
      return;
    }
    const first = row.findCell(1)?.value;
    const firstValue = plainValue(first);
    const phoneFirst =
      (typeof firstValue === 'string' || typeof firstValue === 'number') &&
      normalizePhone(firstValue) !== null;
    if (phoneFirst) {
      this.headerless = true;
      this.map = {
        phone: 1,
        name: 2,
        extra: [],
        columns: [
          { column: 1, header: '', key: 'phone' },
          { column: 2, header: '', key: 'name' },
        ],
      };
      // Rows held back were data too, each with no phone in column A.
      const held = this.held.splice(0);
      this.lastRow = (held[0]?.number ?? number) - 1;
      for (const h of held) this.data(h, h.number);
      this.data(row, number);
      return;
    }
    this.held.push(new HeldRow(number, cells, row));
    if (this.held.length === HEADER_SEARCH_ROWS) this.finish();
  }

  private data(row: RowCells, number: number): void {
    if (this.stop) return;
    const map = this.map!;
    const { counts, options } = this;
    const phoneValue = map.phone === null ? null : plainValue(row.findCell(map.phone)?.value);
    let phone: string | null = null;
    if (typeof phoneValue === 'string' || typeof phoneValue === 'number') {
      phone = normalizePhone(phoneValue);
    }
    if (phone === null && this.blankRow(row, phoneValue)) return;

    if (counts.rows === options.maxRows) {
      this.stop = { status: CLIENT_LIST_STATUS.tooManyRows, limit: options.maxRows };
      return;
    }
    counts.rows += 1;
    counts.empty += Math.max(0, number - this.lastRow - 1);
    this.lastRow = number;
    if (phone === null) {
      counts.invalid += 1;
      // With no phone column no row can become a client: no need to read on.
      if (map.phone === null) this.stop = { status: CLIENT_LIST_STATUS.noContacts };
      return;
    }
    if (this.seen.has(phone)) {
      counts.duplicates += 1;
      return;
    }
    this.seen.add(phone);
    if (options.blacklist.has(phone)) {
      counts.blacklisted += 1;
      return;
    }
    const name = map.name === null ? '' : cleanName(cellText(row.findCell(map.name)?.value));
    let keys = NO_KEYS;
    if (map.extra.length > 0) {
      const values: Record<string, string> = {};
      for (const { column, key } of map.extra) values[key] = cellText(row.findCell(column)?.value);
      keys = values;
    }
    this.clients.push({ phone, name, keys });
    counts.clients += 1;
  }

  private blankRow(row: RowCells, phoneValue: ReturnType<typeof plainValue>): boolean {
    const map = this.map!;
    if (!(phoneValue === null || (typeof phoneValue === 'string' && phoneValue.trim() === ''))) return false;
    if (map.name !== null && !isBlank(row.findCell(map.name)?.value)) return false;
    for (const { column } of map.extra) if (!isBlank(row.findCell(column)?.value)) return false;
    return true;
  }
}

// What one read may take, checked on every row.
interface ReadLimits {
  maxSheetRows: number;
  signal: AbortSignal;
}

// The one row loop of both kinds of file: rows go to the builder until it has its answer. The
// caller settles the rows held back (builder.finish) once the file has been read. Rows are
// counted by their number, so empty rows count too.
async function readRows(
  rows: AsyncIterable<SheetRow> | Iterable<SheetRow>,
  builder: ClientListBuilder,
  limits: ReadLimits,
): Promise<void> {
  for await (const row of rows) {
    limits.signal.throwIfAborted();
    if (row.number > limits.maxSheetRows) {
      builder.stop = { status: CLIENT_LIST_STATUS.tooManyRows, limit: limits.maxSheetRows };
      break;
    }
    builder.add(row);
    if (builder.stop) break;
  }
}

// Whether the file had a worksheet at all.
async function readFirstSheet(
  reader: ClientListWorkbookReader,
  builder: ClientListBuilder,
  limits: ReadLimits,
): Promise<boolean> {
  const sheets = reader[Symbol.asyncIterator]();
  let taken = false;
  for (;;) {
    const next = await sheets.next();
    if (next.done) break;
    const sheet = next.value;
    if (taken || !reader.isFirstSheet(sheet)) {
      reader.release(sheet);
      continue;
    }
    taken = true;
    await readRows(sheet, builder, limits);
    // A sheet read straight from the zip leaves nothing behind, and the rest of the file is not
    // needed. After one read from exceljs' temporary copy the reader runs on, which deletes the copy.
    if (!reader.fromTemporaryFile(sheet)) {
      await sheets.return(undefined);
      break;
    }
  }
  builder.finish();
  return taken;
}

// The whole of a stream, or null past maxBytes. An OLE container (.xls) cannot be read as it
// streams by: its directory, sector chains and the sheets' offsets point anywhere in the file.
async function readWhole(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  // The stream is left open when it is too long, as for xlsx: the caller drains or destroys it.
  for await (const chunk of stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    length += buffer.length;
    if (length > maxBytes) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, length);
}

// An Excel 97–2003 file, read whole (at most maxBytes) and then row by row like an xlsx.
async function readXls(
  stream: Readable,
  maxBytes: number,
  builder: ClientListBuilder,
  failed: Promise<never>,
  limits: ReadLimits,
): Promise<ClientListResult> {
  const file = await Promise.race([readWhole(stream, maxBytes), failed]);
  if (!file) return { ok: false, status: CLIENT_LIST_STATUS.tooBig, counts: zeroCounts() };
  const sheet = readXlsSheet(file);
  if (!sheet.ok) return { ok: false, status: sheet.status, counts: zeroCounts() };
  await readRows(sheet.rows, builder, limits);
  builder.finish();
  return result(builder);
}

function result(builder: ClientListBuilder): ClientListResult {
  const { counts, clients, map } = builder;
  if (builder.stop && builder.stop.status !== CLIENT_LIST_STATUS.noContacts) {
    return { ok: false, ...builder.stop, counts };
  }
  if (!map || counts.rows === 0) return { ok: false, status: CLIENT_LIST_STATUS.empty, counts };
  if (clients.length === 0) return { ok: false, status: CLIENT_LIST_STATUS.noContacts, counts };
  return {
    ok: true,
    clients,
    counts,
    keys: [...CLIENT_LIST_BASE_KEYS, ...map.extra.map((e) => e.key)],
    columns: map.columns,
    headerless: builder.headerless,
  };
}

// An xlsx held in memory, handed to exceljs a piece at a time: reading stops where the pieces do.
function pieces(file: Buffer): Readable {
  const size = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let at = 0; at < file.length; at += size) yield file.subarray(at, at + size);
    })(),
    { objectMode: false },
  );
}

// Reads the client list of a mailing (SPEC 5) from an xlsx file or upload stream, row by row
// through exceljs' streaming reader, from the workbook's first sheet; an .xls (Excel 97–2003) file
// is read by xls-reader and its rows go through the same steps. Either file is read into memory
// first (at most maxBytes): an xlsx is a zip whose unpacked size is checked against the budget
// before exceljs starts. Problems with the file come back as a status, and so does a read cut
// short by the time limit or the signal; only a failing input (a file that cannot be opened, a
// broken upload) throws. A stream given here is not read to its end when the answer is known
// early; the caller drains or destroys it.
export async function parseClientList(
  input: Readable | string,
  options: ParseClientListOptions,
): Promise<ClientListResult> {
  const maxBytes = options.maxBytes ?? MAX_CLIENT_LIST_BYTES;
  const size = typeof input === 'string' ? (await stat(input)).size : options.size;
  if (size !== undefined && size > maxBytes)
    return { ok: false, status: CLIENT_LIST_STATUS.tooBig, counts: zeroCounts() };

  const timeLimit = AbortSignal.timeout(options.timeLimitMs ?? CLIENT_LIST_BUDGET.timeLimitMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeLimit]) : timeLimit;
  const limits: ReadLimits = { maxSheetRows: options.maxSheetRows ?? CLIENT_LIST_BUDGET.maxSheetRows, signal };
  const source = typeof input === 'string' ? createReadStream(input) : input;
  const own = typeof input === 'string';
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_resolve, reject) => (fail = reject));
  failed.catch(() => undefined);
  let inputError: Error | null = null;
  const onSourceError = (error: Error) => {
    inputError = error;
    fail(error);
  };
  const onAbort = () => fail(new AbortedRead());
  source.on('error', onSourceError);
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) onAbort();
  let zipStream: Readable | null = null;
  try {
    const head = await Promise.race([peek(source, OLE.length), failed]);
    if (head.length === 0) return { ok: false, status: CLIENT_LIST_STATUS.empty, counts: zeroCounts() };
    const builder = new ClientListBuilder({
      blacklist: options.blacklist,
      maxRows: options.maxRows ?? MAX_CLIENT_LIST_ROWS,
    });
    if (startsWith(head, OLE)) return await readXls(source, maxBytes, builder, failed, limits);
    if (!startsWith(head, ZIP)) return { ok: false, status: CLIENT_LIST_STATUS.wrongType, counts: zeroCounts() };

    const file = await Promise.race([readWhole(source, maxBytes), failed]);
    if (!file) return { ok: false, status: CLIENT_LIST_STATUS.tooBig, counts: zeroCounts() };
    const budget = {
      maxUnpackedBytes: options.maxUnpackedBytes ?? CLIENT_LIST_BUDGET.maxUnpackedBytes,
      maxEntries: CLIENT_LIST_BUDGET.maxEntries,
    };
    const entries = await Promise.race([checkZipBudget(file, budget, signal), failed]);
    if (entries === 'tooBig') return { ok: false, status: CLIENT_LIST_STATUS.tooBig, counts: zeroCounts() };
    if (entries === 'damaged') return { ok: false, status: CLIENT_LIST_STATUS.damaged, counts: zeroCounts() };

    zipStream = pieces(sheetsLast(file, entries) ?? file);
    const reader = new ClientListWorkbookReader(zipStream);
    try {
      const hadSheet = await Promise.race([readFirstSheet(reader, builder, limits), failed]);
      // A zip, but not a workbook (a .docx or .zip renamed).
      if (!hadSheet && !reader.isWorkbook()) {
        return { ok: false, status: CLIENT_LIST_STATUS.wrongType, counts: zeroCounts() };
      }
    } catch (error) {
      if (error === inputError || signal.aborted) throw error;
      // A zip or XML that exceljs cannot read: cut off, not a workbook inside, broken XML.
      return { ok: false, status: CLIENT_LIST_STATUS.damaged, counts: builder.counts };
    }
    return result(builder);
  } catch (error) {
    // Out of time, or nobody waits any more: the work stops and the list counts as too big.
    if (signal.aborted && error !== inputError) {
      return { ok: false, status: CLIENT_LIST_STATUS.tooBig, counts: zeroCounts() };
    }
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
    source.off('error', onSourceError);
    // exceljs stops with the pieces it is fed.
    zipStream?.destroy();
    if (own) {
      // Our own file stream is closed; should it still err, that must not crash the process.
      source.on('error', () => undefined);
      source.destroy();
    }
  }
}
