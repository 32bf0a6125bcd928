import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { CLIENT_LIST_STATUS } from '@salon/contract/mailing-clients';
import { readXlsSheet, type XlsRow } from './xls-reader.js';
import { oleFile, record, workbookStream, xlsFile, type XlsTestCell, type XlsTestSheet } from '../../../test-support/mailing/xls-test-writer.js';

// Each row as [row number, [column, value]...].
function table(rows: readonly XlsRow[]) {
  return rows.map((row) => {
    const cells: [number, unknown][] = [];
    row.eachCell((cell, column) => cells.push([column, cell.value]));
    return [row.number, cells] as const;
  });
}

function read(sheets: readonly XlsTestSheet[], options?: Parameters<typeof xlsFile>[1]) {
  const result = readXlsSheet(xlsFile(sheets, options));
  if (!result.ok) throw new Error(`expected rows, got ${result.status}`);
  return result.rows;
}

// Where the first record of a type starts in a stream (its header), or the last one.
function recordAt(stream: Buffer, type: number, last = false): number {
  let found = -1;
  for (let at = 0; at + 4 <= stream.length; at += 4 + stream.readUInt16LE(at + 2)) {
    if (stream.readUInt16LE(at) !== type) continue;
    found = at;
    if (!last) break;
  }
  if (found < 0) throw new Error(`no record ${type}`);
  return found;
}

const damaged = { ok: false, status: CLIENT_LIST_STATUS.damaged };
const saveAsXlsx = { ok: false, status: CLIENT_LIST_STATUS.saveAsXlsx };

describe('readXlsSheet: cells', () => {
  it('reads every kind of value cell by 1-based row and column', () => {
    const rows = read([
      {
        name: 'Клиенты',
        rows: [
          ['Name', 'Телефон', { label: 'Заметка' }],
          [],
          [
            'Анна',
            79991234567,
            { rk: 7 },
            { rk: 12.5 },
            { rk: 0.5 },
            { rk: 0.005 },
            true,
            { error: 0x2a },
            { blank: true },
            null,
            { label: 'ёжик' },
          ],
          [
            { formula: 42 },
            { formula: 'VIP клиент' },
            { formula: false },
            { formula: 'error' },
            { formula: '' },
            { rk: -3 },
          ],
        ],
      },
    ]);
    expect(table(rows)).toEqual([
      [
        1,
        [
          [1, 'Name'],
          [2, 'Телефон'],
          [3, 'Заметка'],
        ],
      ],
      [
        3,
        [
          [1, 'Анна'],
          [2, 79991234567],
          [3, 7],
          [4, 12.5],
          [5, 0.5],
          [6, 0.005],
          [7, true],
          [11, 'ёжик'],
        ],
      ],
      [
        4,
        [
          [1, 42],
          [2, 'VIP клиент'],
          [3, false],
          // A formula's empty text, as exceljs gives it for an xlsx.
          [5, ''],
          [6, -3],
        ],
      ],
    ]);
  });

  it('reads numbers with a date format as dates, in both date systems', () => {
    const day = new Date(Date.UTC(2025, 4, 3));
    const evening = new Date(Date.UTC(2025, 11, 31, 18, 30));
    const sheet = (): XlsTestSheet => ({
      name: 'Даты',
      rows: [
        [
          day,
          evening,
          { number: 45717, format: 14 },
          { number: 45717.5, format: 22 },
          { number: 45717, format: 'DD.MM.YYYY' },
          { number: 0.75, format: '[h]:mm' },
          { number: 45717, format: '#,##0.00 "дней"' },
          { number: 45717, format: '[Red]0;\\-0' },
          { number: 45717, format: 2 },
        ],
      ],
    });
    const march = new Date(Date.UTC(2025, 2, 1));
    const expected = [
      day,
      evening,
      march,
      new Date(Date.UTC(2025, 2, 1, 12)),
      march,
      new Date(Date.UTC(1899, 11, 30, 18)),
      45717,
      45717,
      45717,
    ];
    expect(table(read([sheet()]))[0]![1].map(([, v]) => v)).toEqual(expected);
    const in1904 = table(read([sheet()], { date1904: true }))[0]![1].map(([, v]) => v);
    // The writer stores the dates as 1904 serials; raw serials move by the 1,462 days between the systems.
    expect(in1904.slice(0, 2)).toEqual([day, evening]);
    expect(in1904[2]).toEqual(new Date(Date.UTC(2029, 2, 2)));
  });

  it('keeps row order and column order whatever order the records come in', () => {
    const stream = workbookStream([{ name: 'A', rows: [['x', 'y']] }]);
    // Put the two LabelSst records (after BOF and ROW) in reverse order, and a row before them.
    const cellsAt = recordAt(stream, 0x0208) + 20;
    const first = stream.subarray(cellsAt, cellsAt + 14);
    const second = stream.subarray(cellsAt + 14, cellsAt + 28);
    const later = record(0x0203, Buffer.concat([Buffer.from([4, 0, 0, 0, 15, 0]), Buffer.alloc(8)]));
    const shuffled = Buffer.concat([stream.subarray(0, cellsAt), later, second, first, stream.subarray(cellsAt + 28)]);
    const result = readXlsSheet(oleFile({ Workbook: shuffled }));
    expect(result.ok && table(result.rows)).toEqual([
      [
        1,
        [
          [1, 'x'],
          [2, 'y'],
        ],
      ],
      [5, [[1, 0]]],
    ]);
  });
});

describe('readXlsSheet: shared strings', () => {
  it('reads strings cut across CONTINUE records, switching between one and two bytes a character', () => {
    const texts = [
      'Latin text that runs on and on past the end of the record',
      'Кириллица, которая не помещается в одну запись SST',
      `Latin first, ${'x'.repeat(30)} then Кириллица after the cut`,
      '',
      'Ёлка',
    ];
    for (const sstLimit of [24, 37, 64, 8224]) {
      const rows = read([{ name: 'S', rows: texts.map((t) => [t]) }], { sstLimit });
      expect(table(rows).map(([, cells]) => cells[0]?.[1])).toEqual(texts);
    }
  });

  it('skips formatting runs and phonetic data, also when they are cut', () => {
    const rows = read(
      [
        {
          name: 'S',
          rows: [
            [{ rich: 'Жирная Анна', runs: 3, phonetic: 10 }, 'после'],
            [{ rich: 'Bold', runs: 1, phonetic: 0 }, { rich: 'ふりがな', runs: 0, phonetic: 30 }, 'конец'],
          ],
        },
      ],
      { sstLimit: 29 },
    );
    expect(table(rows).map(([, cells]) => cells.map(([, v]) => v))).toEqual([
      ['Жирная Анна', 'после'],
      ['Bold', 'ふりがな', 'конец'],
    ]);
  });

  it('reads a long list whose strings fill many CONTINUE records', () => {
    const names = Array.from({ length: 3000 }, (_, i) => `Александра Преображенская ${i}`);
    const rows = read([{ name: 'Клиенты', rows: names.map((name, i) => [name, 79_000_000_000 + i]) }]);
    expect(rows.map((r) => r.findCell(1)?.value)).toEqual(names);
    expect(rows[2999]!.findCell(2)?.value).toBe(79_000_002_999);
  });
});

describe('readXlsSheet: sheets', () => {
  it('reads the first visible worksheet', () => {
    const rows = read([
      { name: 'Служебный', hidden: true, rows: [['скрыт']] },
      { name: 'Клиенты', rows: [['виден']] },
      { name: 'Архив', rows: [['второй']] },
    ]);
    expect(table(rows)).toEqual([[1, [[1, 'виден']]]]);
  });

  it('gives no rows for an empty sheet or a workbook with hidden sheets only', () => {
    expect(read([{ name: 'Пусто', rows: [] }])).toEqual([]);
    expect(read([{ name: 'Скрыт', hidden: true, rows: [['x']] }])).toEqual([]);
  });
});

describe('readXlsSheet: files it cannot read', () => {
  it('asks for xlsx for an encrypted workbook, a BIFF5 one and a password-locked xlsx', () => {
    const sheets = [{ name: 'A', rows: [['Телефон'], ['79991234567']] }];
    expect(readXlsSheet(xlsFile(sheets, { encrypted: true }))).toEqual(saveAsXlsx);
    expect(readXlsSheet(xlsFile(sheets, { version: 0x0500 }))).toEqual(saveAsXlsx);
    const biff5InWorkbook = oleFile({ Workbook: workbookStream(sheets, { version: 0x0500 }) });
    expect(readXlsSheet(biff5InWorkbook)).toEqual(saveAsXlsx);
    const biff4 = oleFile({ Workbook: record(0x0409, Buffer.from([0, 0, 0x10, 0, 0, 0])) });
    expect(readXlsSheet(biff4)).toEqual(saveAsXlsx);
    const locked = oleFile({ EncryptionInfo: randomBytes(200), EncryptedPackage: randomBytes(5000) });
    expect(readXlsSheet(locked)).toEqual(saveAsXlsx);
  });

  it('calls broken containers damaged', () => {
    const whole = xlsFile([
      { name: 'A', rows: Array.from({ length: 400 }, (_, i) => [`Имя ${i}`, 79_000_000_000 + i]) },
    ]);
    const magic = whole.subarray(0, 8);
    expect(readXlsSheet(Buffer.concat([magic, Buffer.alloc(4096)]))).toEqual(damaged);
    expect(readXlsSheet(Buffer.concat([magic, randomBytes(10_000)]))).toEqual(damaged);
    expect(readXlsSheet(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual(damaged);
    expect(readXlsSheet(whole.subarray(0, 600))).toEqual(damaged);
    expect(readXlsSheet(Buffer.from('Имя;Телефон'))).toEqual(damaged);
    expect(readXlsSheet(oleFile({ WordDocument: randomBytes(5000) }))).toEqual(damaged);
  });

  it('calls broken records damaged', () => {
    const sheets = [
      {
        name: 'A',
        rows: [
          ['Имя', 'Телефон'],
          ['Анна', 79991234567],
        ],
      },
    ];
    const stream = workbookStream(sheets);
    const broken = (bytes: Buffer) => readXlsSheet(oleFile({ Workbook: bytes }));
    // Cut inside the last record, and before the sheet's EOF.
    expect(broken(stream.subarray(0, stream.length - 2))).toEqual(damaged);
    expect(broken(stream.subarray(0, stream.length - 4))).toEqual(damaged);
    // No BOF first.
    expect(broken(stream.subarray(20))).toEqual(damaged);
    // The sheet's offset points past the stream.
    const far = Buffer.from(stream);
    far.writeUInt32LE(0x7fff_0000, recordAt(stream, 0x0085) + 4);
    expect(broken(far)).toEqual(damaged);
    // A shared string that is not there.
    const missing = Buffer.from(stream);
    missing.writeUInt32LE(99, recordAt(stream, 0x00fd, true) + 10);
    expect(broken(missing)).toEqual(damaged);
    // A Number record too short for its number.
    const short = Buffer.concat([
      stream.subarray(0, stream.length - 4),
      record(0x0203, Buffer.alloc(8)),
      record(0x000a, Buffer.alloc(0)),
    ]);
    expect(broken(short)).toEqual(damaged);
  });

  // A hang fails by the test's own time-out; the bytes changed are the same on every run.
  it('never throws or hangs on a garbled file', () => {
    const whole = xlsFile([{ name: 'A', rows: Array.from({ length: 300 }, (_, i) => [`Имя ${i}`, { rk: i }]) }]);
    const random = seededRandom(0x5a1e);
    for (let i = 0; i < 300; i += 1) {
      const garbled = Buffer.from(whole);
      for (let k = 0; k < 1 + (i % 20); k += 1) garbled[Math.floor(random() * garbled.length)] = random() * 256;
      // A garbled BOF version reads as an old file.
      expect(readXlsSheet(garbled)).toSatisfy(
        (result: ReturnType<typeof readXlsSheet>) =>
          result.ok || [damaged.status, saveAsXlsx.status].includes(result.status),
      );
    }
  });
});

// mulberry32: a small seeded generator, so a failing garble can be run again.
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Offsets in a container cfb wrote: 512-byte sectors, sector n at (n + 1) * 512.
function sectorOffset(sector: number) {
  return (sector + 1) * 512;
}

function directoryEntryOffset(file: Buffer, name: string): number {
  const directory = sectorOffset(file.readInt32LE(48));
  for (let at = directory; at < directory + 512; at += 128) {
    if (file.toString('utf16le', at, at + file.readUInt16LE(at + 64) - 2) === name) return at;
  }
  throw new Error(`no ${name}`);
}

describe('readXlsSheet: containers that would make cfb run away', () => {
  const big = (n = 400) =>
    xlsFile([{ name: 'A', rows: Array.from({ length: n }, (_, i) => [`Имя ${i}`, 79_000_000_000 + i]) }]);

  it('refuses a sector chain that loops back into itself', () => {
    const file = big();
    const entry = directoryEntryOffset(file, 'Workbook');
    const start = file.readInt32LE(entry + 116);
    const sectors = Math.ceil(file.readInt32LE(entry + 120) / 512);
    const fat = sectorOffset(file.readInt32LE(76));
    // The stream's last sector leads back to its second, and the stream starts at that one.
    file.writeInt32LE(start + 1, fat + 4 * (start + sectors - 1));
    file.writeInt32LE(start + 1, entry + 116);
    expect(readXlsSheet(file)).toEqual(damaged);
  });

  it('refuses a long chain written backwards (cfb would copy it once for every sector)', () => {
    const file = big(2000);
    const entry = directoryEntryOffset(file, 'Workbook');
    const start = file.readInt32LE(entry + 116);
    const sectors = Math.ceil(file.readInt32LE(entry + 120) / 512);
    const fat = sectorOffset(file.readInt32LE(76));
    const data = Buffer.from(file.subarray(sectorOffset(start), sectorOffset(start + sectors)));
    // The same stream, its sectors stored in reverse order and chained from the last to the first.
    for (let i = 0; i < sectors; i += 1) {
      data.copy(file, sectorOffset(start + sectors - 1 - i), i * 512, (i + 1) * 512);
      file.writeInt32LE(i === sectors - 1 ? -2 : start + sectors - 2 - i, fat + 4 * (start + sectors - 1 - i));
    }
    file.writeInt32LE(start + sectors - 1, entry + 116);
    expect(sectors).toBeGreaterThan(100);
    expect(readXlsSheet(file)).toEqual(damaged);
  });

  it('refuses directory entries that are each other’s children', () => {
    const file = xlsFile([{ name: 'A', rows: [['Имя']] }]);
    const a = directoryEntryOffset(file, 'Workbook');
    const b = directoryEntryOffset(file, '\u0001Sh33tJ5');
    const index = (offset: number) => (offset - sectorOffset(file.readInt32LE(48))) / 128;
    // Links that go round: cfb would follow them, making each entry's path longer and longer.
    file.writeInt32LE(-1, b + 72);
    file.writeInt32LE(index(a), b + 76);
    file.writeInt32LE(index(b), a + 76);
    expect(readXlsSheet(file)).toEqual(damaged);
  });

  it('still reads the container cfb writes, with the stream in the mini stream or in sectors of its own', () => {
    expect(readXlsSheet(xlsFile([{ name: 'A', rows: [['Имя']] }])).ok).toBe(true);
    expect(readXlsSheet(big()).ok).toBe(true);
    const cfb = XLSX.CFB as { read(file: Buffer, o: { type: 'buffer' }): unknown; find(c: unknown, p: string): { size: number } | null };
    const container = cfb.read(big(), { type: 'buffer' });
    expect(cfb.find(container, '/Workbook')?.size).toBeGreaterThan(4096);
  });
});

describe('xls numbers', () => {
  const only = (cell: XlsTestCell) => read([{ name: 'Лист1', rows: [[cell]] }])[0]!.findCell(1)!.value;

  it.each([
    [7, 7],
    [-3, -3],
    [12.5, 12.5],
    [0.5, 0.5],
    [0.005, 0.005],
    [2 ** 40, 2 ** 40],
  ])('reads the RK form of %d', (value, expected) => {
    expect(only({ rk: value })).toBe(expected);
  });

  it.each([
    ['dd.mm.yyyy', true],
    ['DD.MM.YYYY', true],
    ['[$-419]d mmmm yyyy', true],
    ['h:mm', true],
    ['[h]:mm:ss', true],
    ['General', false],
    ['0.00', false],
    ['#,##0 "руб."', false],
    ['#,##0\\ "days"', false],
    ['[Red]#,##0;[Blue]-#,##0', false],
    ['_-* #,##0.00\\ _₽_-', false],
    ['"date: "0', false],
    ['+7 (###) ###-##-##', false],
    ['0.00E+00', false],
    ['@', false],
  ])('a number formatted %j is a date: %s', (format, date) => {
    expect(only({ number: 45_000, format }) instanceof Date).toBe(date);
  });
});
