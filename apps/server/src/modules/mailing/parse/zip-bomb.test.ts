import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_LIST_STATUS } from '@salon/contract/mailing-clients';
import { parseClientList, type ParseClientListOptions } from './client-list.js';
import { readZip, scratch, writeZip, type Scratch } from '../../../test-support/mailing/client-list-files.js';
import { checkZipBudget } from './zip-budget.js';

// Issue 12: a 1.6 MB '.xlsx' that unpacked to 1.1 GB of empty rows held a core for minutes and
// wrote a temporary copy of the sheet. Such files are refused before exceljs reads a row.

let files: Scratch;
let tmp: string;
let before: string | undefined;
beforeAll(() => {
  files = scratch();
});
afterAll(() => files.remove());
// exceljs writes its temporary copies of sheets to os.tmpdir().
beforeEach(() => {
  before = process.env.TMPDIR;
  tmp = mkdtempSync(path.join(tmpdir(), 'salon-zip-bomb-'));
  process.env.TMPDIR = tmp;
});
afterEach(() => {
  if (before === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = before;
  rmSync(tmp, { recursive: true, force: true });
});

const NONE: ParseClientListOptions = { blacklist: new Set() };
const SHEET = 'xl/worksheets/sheet1.xml';

// A workbook of one client whose sheet goes on with `emptyRows` empty rows (about 18 bytes each
// unpacked, next to nothing packed), the sheet ahead of the shared strings as Excel writes it.
async function bomb(emptyRows: number, lastRow?: number): Promise<Buffer> {
  const base = await files.workbook(`base-${emptyRows}.xlsx`, [
    ['Имя', 'Телефон'],
    ['Анна', '79991234567'],
  ]);
  const entries = readZip(readFileSync(base));
  const sheet = entries.find((e) => e.name === SHEET)!;
  const rows: string[] = [];
  for (let r = 3; r < 3 + emptyRows; r += 1) rows.push(`<row r="${r}"/>`);
  if (lastRow !== undefined) rows.push(`<row r="${lastRow}"><c r="A${lastRow}" t="inlineStr"><is><t>x</t></is></c></row>`);
  sheet.data = Buffer.from(sheet.data.toString('utf8').replace('</sheetData>', `${rows.join('')}</sheetData>`));
  const rank = (name: string) => (name === SHEET ? 0 : 1);
  return writeZip(entries.sort((a, b) => rank(a.name) - rank(b.name)));
}

// The central directory's record of an entry, found by name.
function directoryRecord(zip: Buffer, name: string): number {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (;;) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) return at;
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
}

// The sheet's unpacked size as the zip declares it, in the directory and the local header.
function declareSheetSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  const record = directoryRecord(out, SHEET);
  out.writeUInt32LE(size, record + 24);
  out.writeUInt32LE(size, out.readUInt32LE(record + 42) + 22);
  return out;
}

describe('client lists that unpack to too much', () => {
  it('refuses by the sizes the zip declares, before inflating anything', async () => {
    const zip = declareSheetSize(await bomb(10), 1_100_000_000);
    expect(await checkZipBudget(zip, { maxUnpackedBytes: 200 * 2 ** 20, maxEntries: 100 })).toBe('tooBig');
    const result = await parseClientList(files.file('declared.xlsx', zip), NONE);
    expect(result).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.tooBig, counts: { rows: 0 } });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('refuses a sheet that unpacks past the budget', async () => {
    const zip = await bomb(200_000);
    expect(zip.length).toBeLessThan(1_000_000);
    const result = await parseClientList(files.file('honest.xlsx', zip), { ...NONE, maxUnpackedBytes: 1_000_000 });
    expect(result).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.tooBig, counts: { rows: 0 } });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('counts the bytes inflated when the zip understates them', async () => {
    const zip = declareSheetSize(await bomb(200_000), 1000);
    const budget = { maxUnpackedBytes: 1_000_000, maxEntries: 100 };
    expect(await checkZipBudget(zip, budget)).toBe('tooBig');
    const result = await parseClientList(files.file('lying.xlsx', zip), { ...NONE, maxUnpackedBytes: 1_000_000 });
    expect(result).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.tooBig, counts: { rows: 0 } });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('reads the same file within a budget that allows it', async () => {
    const result = await parseClientList(files.file('within.xlsx', await bomb(20_000)), NONE);
    expect(result).toMatchObject({ ok: true, clients: [{ phone: '79991234567', name: 'Анна' }] });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('counts empty rows: a row past the sheet-row limit refuses the list', async () => {
    const zip = await bomb(0, 2_000_000);
    const result = await parseClientList(files.file('far.xlsx', zip), NONE);
    expect(result).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.tooManyRows, limit: 1_048_576 });
    const small = await parseClientList(files.file('rows.xlsx', await bomb(1000)), { ...NONE, maxSheetRows: 500 });
    expect(small).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.tooManyRows, limit: 500 });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('stops when the client has gone, and when the time is up', async () => {
    const file = files.file('gone.xlsx', await bomb(50_000));
    const gone = await parseClientList(file, { ...NONE, signal: AbortSignal.abort() });
    expect(gone).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.tooBig });
    const late = await parseClientList(file, { ...NONE, timeLimitMs: 1 });
    expect(late).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.tooBig });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('calls a zip whose directory and local headers disagree damaged', async () => {
    const zip = Buffer.from(await bomb(10));
    const record = directoryRecord(zip, SHEET);
    const local = zip.readUInt32LE(record + 42);
    zip.writeUInt32LE(zip.readUInt32LE(local + 18) + 1, local + 18);
    expect(await checkZipBudget(zip, { maxUnpackedBytes: 2 ** 20, maxEntries: 100 })).toBe('damaged');
  });
});
