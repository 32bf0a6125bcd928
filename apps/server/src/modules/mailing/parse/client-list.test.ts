import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LIST_STATUS } from '@salon/contract/mailing-clients';
import { parseClientList, type ClientListResult, type ParseClientListOptions } from './client-list.js';
import { scratch, stringsFirst, writeZip, type Scratch } from '../../../test-support/mailing/client-list-files.js';
import { rkValue, xlsFile, type XlsTestCell, type XlsTestOptions, type XlsTestSheet } from '../../../test-support/mailing/xls-test-writer.js';

let files: Scratch;
beforeAll(() => {
  files = scratch();
});
afterAll(() => files.remove());

const NONE: ParseClientListOptions = { blacklist: new Set() };

async function parse(rows: ExcelJS.CellValue[][], options = NONE, setup?: (sheet: ExcelJS.Worksheet) => void) {
  const file = await files.workbook(`${Math.random().toString(36).slice(2)}.xlsx`, rows, setup);
  return parseClientList(file, options);
}

function ok(result: ClientListResult) {
  if (!result.ok) throw new Error(`expected clients, got ${result.status}`);
  return result;
}

const phones = (result: ClientListResult) => ok(result).clients.map((c) => c.phone);

const LONG_NAME = 'Александра Константиновна Преображенская-Воскресенская';
const longNames = (n: number) => Array.from({ length: n }, (_, i) => `${LONG_NAME} ${i}`);

describe('parseClientList: columns', () => {
  it.each([
    ['ФИО', 'Телефон'],
    ['Имя', 'тел.'],
    ['Клиент', 'Мобильный'],
    ['Name', 'Phone'],
    ['  FULL NAME ', 'Mobile'],
    ['client', 'WhatsApp'],
    ['Name', 'Number'],
    ['Имя клиента', 'Номер телефона'],
  ])('finds the columns under %j and %j', async (nameHeader, phoneHeader) => {
    const result = ok(
      await parse([
        [nameHeader, phoneHeader],
        ['Анна', '+7 999 123-45-67'],
      ]),
    );
    expect(result.clients).toEqual([{ phone: '79991234567', name: 'Анна', keys: {} }]);
    expect(result.headerless).toBe(false);
    expect(result.keys).toEqual(['name', 'phone']);
  });

  it('takes the columns in any order and makes the others keys, with the mapping reported', async () => {
    const result = ok(
      await parse([
        ['Дата визита', 'Телефон', 'Мастер', 'Имя', '', 'Мастер', '№'],
        [new Date(Date.UTC(2025, 4, 3)), '89991234567', 'Алина', 'Анна', 'без заголовка', 'Вика', 7],
        [new Date(Date.UTC(2025, 11, 31, 18, 30)), '89991234568', null, 'Ольга'],
      ]),
    );
    expect(result.keys).toEqual(['name', 'phone', 'дата_визита', 'мастер', 'мастер_2', 'column_7']);
    expect(result.columns).toEqual([
      { column: 1, header: 'Дата визита', key: 'дата_визита' },
      { column: 2, header: 'Телефон', key: 'phone' },
      { column: 3, header: 'Мастер', key: 'мастер' },
      { column: 4, header: 'Имя', key: 'name' },
      { column: 6, header: 'Мастер', key: 'мастер_2' },
      { column: 7, header: '№', key: 'column_7' },
    ]);
    expect(result.clients).toEqual([
      {
        phone: '79991234567',
        name: 'Анна',
        keys: { дата_визита: '2025-05-03', мастер: 'Алина', мастер_2: 'Вика', column_7: '7' },
      },
      {
        phone: '79991234568',
        name: 'Ольга',
        keys: { дата_визита: '2025-12-31T18:30', мастер: '', мастер_2: '', column_7: '' },
      },
    ]);
  });

  it('reads a list without a header: phone in column A, name in column B', async () => {
    const result = ok(await parse([['+7 999 123-45-67', 'Анна', 'лишнее'], [89991234568, 'Ольга'], ['9991234569']]));
    expect(result.headerless).toBe(true);
    expect(result.keys).toEqual(['name', 'phone']);
    expect(result.clients).toEqual([
      { phone: '79991234567', name: 'Анна', keys: {} },
      { phone: '79991234568', name: 'Ольга', keys: {} },
      { phone: '79991234569', name: '', keys: {} },
    ]);
    expect(result.counts.rows).toBe(3);
  });

  it('passes over a title above the header, and counts nothing of it', async () => {
    const result = ok(
      await parse([
        ['Клиенты салона на 01.06.2025'],
        [],
        ['Выгрузка из CRM'],
        ['Имя', 'Телефон'],
        ['Анна', '9991234567'],
      ]),
    );
    expect(result.clients).toEqual([{ phone: '79991234567', name: 'Анна', keys: {} }]);
    expect(result.counts).toEqual({ rows: 1, clients: 1, duplicates: 0, blacklisted: 0, invalid: 0, empty: 0 });
  });

  it('counts rows above a headerless list as rows without a phone', async () => {
    const result = ok(
      await parse([
        ['Анна', 'Москва'],
        ['9991234567', 'Ольга'],
      ]),
    );
    expect(result.headerless).toBe(true);
    expect(result.counts).toMatchObject({ rows: 2, clients: 1, invalid: 1 });
  });

  it('reads the first visible sheet only', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Служебный', { state: 'hidden' }).addRow(['Телефон']).commit();
    workbook.getWorksheet('Служебный')!.addRow(['79990000000']);
    const first = workbook.addWorksheet('Клиенты');
    first.addRow(['Имя', 'Телефон']);
    first.addRow(['Анна', '79991234567']);
    const second = workbook.addWorksheet('Архив');
    second.addRow(['Имя', 'Телефон']);
    second.addRow(['Ольга', '79991234568']);
    const file = path.join(files.dir, 'sheets.xlsx');
    await workbook.xlsx.writeFile(file);
    expect(phones(await parseClientList(file, NONE))).toEqual(['79991234567']);
  });
});

describe('parseClientList: phones and counts', () => {
  it.each<[ExcelJS.CellValue, string | null]>([
    ['+7 (999) 123-45-67', '79991234567'],
    ['8 999 123 45 67', '79991234567'],
    ['9991234567', '79991234567'],
    ['79991234567', '79991234567'],
    [79991234567, '79991234567'],
    [89991234567, '79991234567'],
    [9991234567, '79991234567'],
    [7.9991234567e10, '79991234567'],
    ['79991234567.0', '79991234567'],
    ['+7 999 123-45-67 доб. 12', '79991234567'],
    ['+995 555 12 34 56', '995555123456'],
    ['+66 81 234 5678', '66812345678'],
    ['12345', null],
    ['нет', null],
    [true, null],
    [new Date(Date.UTC(2025, 0, 1)), null],
  ])('phone cell %j → %s', async (cell, phone) => {
    const result = await parse([
      ['Имя', 'Телефон'],
      ['Анна', cell],
    ]);
    if (phone === null) expect(result).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.noContacts });
    else expect(phones(result)).toEqual([phone]);
  });

  it('keeps the first of duplicates, drops blacklisted phones and counts every kind of row', async () => {
    const result = ok(
      await parse(
        [
          ['Имя', 'Телефон'],
          ['Анна', '+7 999 123-45-67'],
          ['Анна снова', '89991234567'],
          [],
          ['Ольга', '+7 999 000-00-01'],
          ['Без номера', ''],
          ['  ', '   '],
          ['Ира', 'звонить после 18'],
          ['Вера', 9991234568],
          ['Вера снова', 79991234568],
          ['Оля в чёрном списке опять', '79990000001'],
          [],
          [],
        ],
        { blacklist: new Set(['79990000001']) },
      ),
    );
    expect(result.clients.map((c) => [c.name, c.phone])).toEqual([
      ['Анна', '79991234567'],
      ['Вера', '79991234568'],
    ]);
    expect(result.counts).toEqual({ rows: 8, clients: 2, duplicates: 3, blacklisted: 1, invalid: 2, empty: 2 });
  });

  it('does not count empty rows after the last client, nor styled cells with nothing in them', async () => {
    const result = ok(
      await parse([['Имя', 'Телефон'], ['Анна', '9991234567'], [], [' ', null]], NONE, (sheet) => {
        sheet.getCell('A10').style = { font: { bold: true } };
        sheet.getCell('B11').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF0000' } };
      }),
    );
    expect(result.counts).toEqual({ rows: 1, clients: 1, duplicates: 0, blacklisted: 0, invalid: 0, empty: 0 });
  });
});

describe('parseClientList: cells', () => {
  it('keeps columns in place under merged cells', async () => {
    const result = ok(
      await parse(
        [
          ['Имя', 'Телефон', 'Мастер'],
          ['Анна и Ольга', '79991234567', 'Алина'],
          [null, '79991234568', 'Вика'],
          ['Вера', '79991234569', 'Даша'],
        ],
        NONE,
        (sheet) => {
          sheet.mergeCells('A2:A3');
          sheet.mergeCells('B1:B1');
        },
      ),
    );
    expect(result.clients).toEqual([
      { phone: '79991234567', name: 'Анна и Ольга', keys: { мастер: 'Алина' } },
      { phone: '79991234568', name: '', keys: { мастер: 'Вика' } },
      { phone: '79991234569', name: 'Вера', keys: { мастер: 'Даша' } },
    ]);
  });

  it('reads rich text, formula results, hyperlinks, dates, whitespace and a BOM', async () => {
    const result = ok(
      await parse([
        ['\ufeffИмя', { richText: [{ text: 'Теле' }, { text: 'фон', font: { bold: true } }] }, 'Заметка', 'Визит'],
        [
          { richText: [{ text: 'Ан' }, { text: 'на', font: { italic: true } }] },
          { formula: '79991234567', result: 79991234567 },
          { formula: 'CONCAT("VIP","")', result: 'VIP' },
          new Date(Date.UTC(2025, 1, 28)),
        ],
        [
          { richText: [{ text: 'Оль' }, { text: 'га', font: { bold: true } }] },
          { text: '+7 999 123-45-68', hyperlink: 'tel:+79991234568' },
          { formula: '1/0', result: { error: '#DIV/0!' } },
          { formula: 'DATE(2025,3,1)', result: 45717 },
        ],
        ['  Вера \n  Петрова ', { formula: '"8 999 123 45 69"', result: '8 999 123 45 69' }, { formula: 'A1' }, 3.5],
        [{ text: 'Ира', hyperlink: 'mailto:ira@example.com' }, '\ufeff 9991234570 ', '  с пробелами  ', true],
      ]),
    );
    expect(result.keys).toEqual(['name', 'phone', 'заметка', 'визит']);
    expect(result.clients).toEqual([
      { phone: '79991234567', name: 'Анна', keys: { заметка: 'VIP', визит: '2025-02-28' } },
      { phone: '79991234568', name: 'Ольга', keys: { заметка: '', визит: '45717' } },
      { phone: '79991234569', name: 'Вера Петрова', keys: { заметка: '', визит: '3.5' } },
      { phone: '79991234570', name: 'Ира', keys: { заметка: 'с пробелами', визит: 'TRUE' } },
    ]);
  });

  // exceljs 4.4 alone turns a letter cut by a zip chunk boundary into '��' (see workbook-reader.ts).
  it.each([
    ['shared strings after the sheet (Excel)', 'excel'],
    ['shared strings before the sheet', 'strings-first'],
    ['strings inside the sheet', 'inline'],
  ])('keeps Cyrillic text whole: %s', async (_label, layout) => {
    const names = longNames(4000);
    let file: string;
    if (layout === 'inline') {
      file = path.join(files.dir, 'inline.xlsx');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Клиенты');
      sheet.addRow(['Имя', 'Телефон']).commit();
      names.forEach((name, i) => sheet.addRow([name, 79_000_000_000 + i]).commit());
      sheet.commit();
      await workbook.commit();
    } else {
      file = await files.workbook('cyrillic.xlsx', [
        ['Имя', 'Телефон'],
        ...names.map((name, i) => [name, 79_000_000_000 + i]),
      ]);
      if (layout === 'strings-first') file = files.file('cyrillic-first.xlsx', stringsFirst(readFileSync(file)));
    }
    const result = ok(await parseClientList(file, NONE));
    expect(result.clients.filter((c) => c.name.includes('\ufffd')).map((c) => c.name)).toEqual([]);
    expect(result.clients.map((c) => c.name)).toEqual(names);
  });
});

describe('parseClientList: files it refuses', () => {
  it("answers 'Файл пустой' for a workbook with no rows, a header only, blank rows only and zero bytes", async () => {
    const empty = { ok: false, status: CLIENT_LIST_STATUS.empty };
    expect(await parse([])).toMatchObject(empty);
    expect(await parse([['Имя', 'Телефон']])).toMatchObject(empty);
    expect(await parse([['Имя', 'Телефон'], [], ['  ', ' ']])).toMatchObject(empty);
    expect(await parse([['Имя', 'Город']])).toMatchObject(empty);
    expect(await parseClientList(files.file('zero.xlsx', ''), NONE)).toMatchObject(empty);
  });

  it("answers 'Нет контактов' when no row has a usable phone", async () => {
    const noContacts = { ok: false, status: CLIENT_LIST_STATUS.noContacts };
    expect(
      await parse([
        ['Имя', 'Телефон'],
        ['Анна', '123'],
        ['Ольга', 'нет'],
      ]),
    ).toMatchObject({ ...noContacts, counts: { rows: 2, invalid: 2, clients: 0 } });
    // No phone column and no phones in column A.
    expect(
      await parse([
        ['Имя', 'Город'],
        ['Анна', 'Москва'],
      ]),
    ).toMatchObject(noContacts);
    // Everyone is on the blacklist.
    expect(
      await parse(
        [
          ['Телефон', 'Имя'],
          ['79991234567', 'Анна'],
        ],
        { blacklist: new Set(['79991234567']) },
      ),
    ).toMatchObject({ ...noContacts, counts: { rows: 1, blacklisted: 1 } });
  });

  it('refuses a text file, a CSV or a zip that is no workbook, named .xlsx', async () => {
    const wrong = { ok: false, status: CLIENT_LIST_STATUS.wrongType };
    expect(await parseClientList(files.file('notes.xlsx', 'Имя;Телефон\nАнна;89991234567\n'), NONE)).toMatchObject(
      wrong,
    );
    expect(await parseClientList(files.file('tiny.xlsx', 'PK'), NONE)).toMatchObject(wrong);
    const zip = writeZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    expect(await parseClientList(files.file('document.xlsx', zip), NONE)).toMatchObject(wrong);
  });

  it('calls a cut-off or broken xlsx damaged', async () => {
    const rows = [['Имя', 'Телефон'], ...longNames(2000).map((name, i) => [name, 79_000_000_000 + i])];
    const whole = readFileSync(await files.workbook('whole.xlsx', rows));
    const damaged = { ok: false, status: CLIENT_LIST_STATUS.damaged };
    expect(await parseClientList(files.file('cut.xlsx', whole.subarray(0, whole.length / 2)), NONE)).toMatchObject(
      damaged,
    );
    const first = stringsFirst(whole);
    expect(
      await parseClientList(files.file('cut-first.xlsx', first.subarray(0, Math.floor(first.length * 0.7))), NONE),
    ).toMatchObject(damaged);
    const garbled = Buffer.from(whole);
    garbled.fill(0x41, 200, 4000);
    expect(await parseClientList(files.file('garbled.xlsx', garbled), NONE)).toMatchObject(damaged);
    const badXml = writeZip([
      {
        name: 'xl/workbook.xml',
        data: Buffer.from('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</is></row>'),
      },
    ]);
    expect(await parseClientList(files.file('bad-xml.xlsx', badXml), NONE)).toMatchObject(damaged);
  });

  it('stops at maxRows with its own status', async () => {
    const rows = [['Имя', 'Телефон'], ...Array.from({ length: 10 }, (_, i) => [`К${i}`, 79_991_234_560 + i])];
    expect(await parse(rows, { blacklist: new Set(), maxRows: 10 })).toMatchObject({ ok: true });
    expect(await parse(rows, { blacklist: new Set(), maxRows: 3 })).toMatchObject({
      ok: false,
      status: CLIENT_LIST_STATUS.tooManyRows,
      limit: 3,
      counts: { rows: 3 },
    });
  });

  it('refuses a file over the size limit before reading it, and a stream that turns out longer', async () => {
    const file = await files.workbook('size.xlsx', [
      ['Имя', 'Телефон'],
      ...longNames(500).map((n, i) => [n, 79_000_000_000 + i]),
    ]);
    const bytes = readFileSync(file).length;
    const tooBig = { ok: false, status: CLIENT_LIST_STATUS.tooBig };
    expect(await parseClientList(file, { ...NONE, maxBytes: bytes - 1 })).toMatchObject(tooBig);
    expect(await parseClientList(file, { ...NONE, maxBytes: bytes })).toMatchObject({ ok: true });
    expect(await parseClientList(createReadStream(file), { ...NONE, size: bytes, maxBytes: 1000 })).toMatchObject(
      tooBig,
    );
    // The upload said nothing of its size.
    expect(
      await parseClientList(createReadStream(file, { highWaterMark: 1024 }), { ...NONE, maxBytes: bytes - 1 }),
    ).toMatchObject(tooBig);
  });
});

describe('parseClientList: inputs', () => {
  it('reads a stream as well as a path, in both zip layouts', async () => {
    const file = await files.workbook('stream.xlsx', [
      ['Имя', 'Телефон'],
      ['Анна', '9991234567'],
    ]);
    expect(phones(await parseClientList(createReadStream(file, { highWaterMark: 7 }), NONE))).toEqual(['79991234567']);
    expect(phones(await parseClientList(Readable.from([readFileSync(file)]), NONE))).toEqual(['79991234567']);
    const first = stringsFirst(readFileSync(file));
    expect(phones(await parseClientList(Readable.from([first]), NONE))).toEqual(['79991234567']);
  });

  it('throws when the input itself fails', async () => {
    const file = await files.workbook('fails.xlsx', [
      ['Имя', 'Телефон'],
      ...longNames(500).map((n, i) => [n, 79_000_000_000 + i]),
    ]);
    const bytes = readFileSync(file);
    const broken = new Readable({
      read() {
        this.push(bytes.subarray(0, 2000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(parseClientList(broken, NONE)).rejects.toThrow('connection reset');
    await expect(parseClientList(path.join(files.dir, 'missing.xlsx'), NONE)).rejects.toThrow(/ENOENT/);
  });

  it('leaves no temporary copy of a sheet behind, also when it stops early', async () => {
    const rows = [['Имя', 'Телефон'], ...longNames(300).map((n, i) => [n, 79_000_000_000 + i])];
    const file = await files.workbook('temp.xlsx', rows);
    const first = files.file('temp-first.xlsx', stringsFirst(readFileSync(file)));
    const before = process.env.TMPDIR;
    const dir = mkdtempSync(path.join(tmpdir(), 'salon-client-list-tmp-'));
    process.env.TMPDIR = dir;
    try {
      for (const input of [file, first]) {
        expect(await parseClientList(input, NONE)).toMatchObject({ ok: true });
        expect(await parseClientList(input, { ...NONE, maxRows: 5 })).toMatchObject({
          status: CLIENT_LIST_STATUS.tooManyRows,
        });
      }
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseClientList: .xls (Excel 97–2003) files', () => {
  const xls = (name: string, sheets: XlsTestSheet[], options?: XlsTestOptions) =>
    files.file(`${name}.xls`, xlsFile(sheets, options));
  const sheet = (rows: XlsTestCell[][]): XlsTestSheet[] => [{ name: 'Клиенты', rows }];
  // A phone whose number fits an RK record: a double with nothing in its low 34 bits.
  const RK_PHONE = Math.round(79_991_234_567 / 2 ** 18) * 2 ** 18;
  rkValue(RK_PHONE);

  it('reads a Cyrillic list to the same clients, keys and counts as the same rows in an xlsx', async () => {
    const visit = new Date(Date.UTC(2025, 4, 3));
    const rows: [ExcelJS.CellValue[], XlsTestCell[]][] = [
      [['Клиенты салона «Берёзка»'], ['Клиенты салона «Берёзка»']],
      [
        ['Имя', 'Телефон', 'Город', 'Визит'],
        ['Имя', 'Телефон', 'Город', 'Визит'],
      ],
      [
        ['Анна Петровна', '+7 999 123-45-67', 'Москва', visit],
        ['Анна Петровна', '+7 999 123-45-67', 'Москва', visit],
      ],
      [
        ['Ольга', 89991234568, 'Санкт-Петербург'],
        ['Ольга', 89991234568, 'Санкт-Петербург'],
      ],
      [
        ['Вера', RK_PHONE, 'Казань'],
        ['Вера', { rk: RK_PHONE }, { label: 'Казань' }],
      ],
      [[], []],
      [
        ['Анна снова', '89991234567', 'Москва'],
        ['Анна снова', '89991234567', 'Москва'],
      ],
      [
        ['Чёрный список', 79990000001],
        ['Чёрный список', 79990000001],
      ],
      [
        ['Без номера', 'нет', 'Тверь'],
        ['Без номера', 'нет', 'Тверь'],
      ],
      [
        ['Ира', { formula: '"9991234570"', result: '9991234570' }],
        ['Ира', { formula: '9991234570' }],
      ],
      [
        ['  ', ' '],
        ['  ', ' '],
      ],
      [[], []],
    ];
    const options = { blacklist: new Set(['79990000001']) };
    const fromXlsx = ok(
      await parse(
        rows.map(([x]) => x),
        options,
      ),
    );
    const fromXls = ok(
      await parseClientList(xls('cyrillic', sheet(rows.map(([, y]) => y)), { sstLimit: 40 }), options),
    );
    expect(fromXls).toEqual(fromXlsx);
    expect(fromXls.clients).toEqual([
      { phone: '79991234567', name: 'Анна Петровна', keys: { город: 'Москва', визит: '2025-05-03' } },
      { phone: '79991234568', name: 'Ольга', keys: { город: 'Санкт-Петербург', визит: '' } },
      { phone: String(RK_PHONE), name: 'Вера', keys: { город: 'Казань', визит: '' } },
      { phone: '79991234570', name: 'Ира', keys: { город: '', визит: '' } },
    ]);
    expect(fromXls.keys).toEqual(['name', 'phone', 'город', 'визит']);
    expect(fromXls.counts).toEqual({ rows: 7, clients: 4, duplicates: 1, blacklisted: 1, invalid: 1, empty: 1 });
  });

  it('reads a long list, from a path and from a stream', async () => {
    const names = longNames(3000);
    const rows = [['Имя', 'Телефон'], ...names.map((name, i) => [name, 79_000_000_000 + i])];
    const file = xls('long', sheet(rows));
    const fromPath = ok(await parseClientList(file, NONE));
    expect(fromPath.clients.map((c) => c.name)).toEqual(names);
    expect(fromPath.clients[2999]!.phone).toBe('79000002999');
    const fromStream = ok(await parseClientList(createReadStream(file, { highWaterMark: 1000 }), NONE));
    expect(fromStream).toEqual(fromPath);
  });

  it('reads a list without a header, and skips a hidden first sheet', async () => {
    const result = ok(
      await parseClientList(
        xls('sheets', [
          { name: 'Служебный', hidden: true, rows: [['Телефон'], ['79990000000']] },
          {
            name: 'Клиенты',
            rows: [
              ['+7 999 123-45-67', 'Анна'],
              [{ rk: RK_PHONE }, 'Вера'],
            ],
          },
        ]),
        NONE,
      ),
    );
    expect(result.headerless).toBe(true);
    expect(result.clients).toEqual([
      { phone: '79991234567', name: 'Анна', keys: {} },
      { phone: String(RK_PHONE), name: 'Вера', keys: {} },
    ]);
  });

  it("answers 'Файл пустой' and 'Нет контактов' as for an xlsx", async () => {
    const empty = { ok: false, status: CLIENT_LIST_STATUS.empty };
    expect(await parseClientList(xls('empty', sheet([])), NONE)).toMatchObject(empty);
    expect(await parseClientList(xls('header-only', sheet([['Имя', 'Телефон'], [], [' ', '']])), NONE)).toMatchObject(
      empty,
    );
    expect(
      await parseClientList(
        xls(
          'no-phones',
          sheet([
            ['Имя', 'Телефон'],
            ['Анна', '123'],
            ['Ольга', { rk: 45 }],
          ]),
        ),
        NONE,
      ),
    ).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.noContacts, counts: { rows: 2, invalid: 2 } });
    expect(
      await parseClientList(
        xls(
          'no-phone-column',
          sheet([
            ['Имя', 'Город'],
            ['Анна', 'Москва'],
          ]),
        ),
        NONE,
      ),
    ).toMatchObject({ ok: false, status: CLIENT_LIST_STATUS.noContacts });
  });

  it('stops at maxRows and at the size limit', async () => {
    const rows = [['Имя', 'Телефон'], ...Array.from({ length: 10 }, (_, i) => [`К${i}`, 79_991_234_560 + i])];
    const file = xls('rows', sheet(rows));
    expect(await parseClientList(file, { blacklist: new Set(), maxRows: 10 })).toMatchObject({ ok: true });
    expect(await parseClientList(file, { blacklist: new Set(), maxRows: 3 })).toMatchObject({
      ok: false,
      status: CLIENT_LIST_STATUS.tooManyRows,
      limit: 3,
      counts: { rows: 3 },
    });
    const bytes = readFileSync(file).length;
    const tooBig = { ok: false, status: CLIENT_LIST_STATUS.tooBig };
    expect(await parseClientList(file, { ...NONE, maxBytes: bytes - 1 })).toMatchObject(tooBig);
    // A stream that said nothing of its size is counted as it is read.
    expect(
      await parseClientList(createReadStream(file, { highWaterMark: 512 }), { ...NONE, maxBytes: bytes - 1 }),
    ).toMatchObject(tooBig);
    expect(await parseClientList(createReadStream(file), { ...NONE, maxBytes: bytes })).toMatchObject({ ok: true });
  });

  it('asks for xlsx for an encrypted or a BIFF5 workbook', async () => {
    const rows = sheet([
      ['Имя', 'Телефон'],
      ['Анна', '79991234567'],
    ]);
    const saveAsXlsx = { ok: false, status: CLIENT_LIST_STATUS.saveAsXlsx };
    expect(await parseClientList(xls('locked', rows, { encrypted: true }), NONE)).toMatchObject(saveAsXlsx);
    expect(await parseClientList(xls('biff5', rows, { version: 0x0500 }), NONE)).toMatchObject(saveAsXlsx);
  });

  it('calls a bare, cut-off or garbled .xls damaged', async () => {
    const whole = xlsFile(sheet([['Имя', 'Телефон'], ...longNames(500).map((n, i) => [n, 79_000_000_000 + i])]));
    const magic = whole.subarray(0, 8);
    const damaged = { ok: false, status: CLIENT_LIST_STATUS.damaged };
    const read = (name: string, bytes: Buffer) => parseClientList(files.file(name, bytes), NONE);
    expect(await read('bare.xls', Buffer.concat([magic, Buffer.alloc(4096)]))).toMatchObject(damaged);
    expect(await read('random.xls', Buffer.concat([magic, randomBytes(20_000)]))).toMatchObject(damaged);
    expect(await read('cut.xls', whole.subarray(0, Math.floor(whole.length / 2)))).toMatchObject(damaged);
    expect(await read('magic-only.xls', magic)).toMatchObject(damaged);
  });

  it('throws when the input itself fails', async () => {
    const bytes = xlsFile(sheet([['Имя', 'Телефон'], ...longNames(500).map((n, i) => [n, 79_000_000_000 + i])]));
    const broken = new Readable({
      read() {
        this.push(bytes.subarray(0, 2000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(parseClientList(broken, NONE)).rejects.toThrow('connection reset');
  });
});
