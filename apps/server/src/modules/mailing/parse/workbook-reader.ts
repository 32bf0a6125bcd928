import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';

// exceljs' streaming reader, with two repairs for client lists.
//
// 1. exceljs 4.4 decodes each zip chunk as UTF-8 on its own, so a Cyrillic letter cut by a chunk
//    boundary comes out as '��' (6 of 5,000 long names in one test file; exceljs issues #2063,
//    #2316). Here the XML parser is handed text decoded across chunk boundaries. This overrides
//    two internal methods of WorkbookReader; exceljs is pinned, and the 'keeps Cyrillic text
//    whole' tests break if an upgrade moves them.
// 2. A skipped worksheet still holds exceljs' temporary copy open; release() closes it.

type Chunk = Buffer | string;
type WorksheetEvent = { eventType: string; value: unknown };

interface ReaderInternals {
  _parseSharedStrings(this: unknown, entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(this: unknown, iterator: AsyncIterable<Chunk>, sheetNo: string): Generator<WorksheetEvent>;
}

const base = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;

async function* decoded(chunks: AsyncIterable<Chunk>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text !== '') yield text;
  }
  const tail = decoder.end();
  if (tail !== '') yield tail;
}

// The parts of a worksheet reader and the workbook model that exceljs' types leave out.
interface SheetInfo {
  id: number | string;
  name: string;
}
interface WorkbookModel {
  sheets?: { id: number; name: string; state?: string }[];
}

export class ClientListWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  private readonly sources = new WeakMap<object, AsyncIterable<Chunk>>();

  constructor(input: Readable) {
    // Styles are read for dates; hyperlinks are not needed, a linked cell keeps its text.
    super(input, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
  }

  async *_parseSharedStrings(entry: Readable): AsyncGenerator<unknown> {
    entry.setEncoding('utf8');
    yield* base._parseSharedStrings.call(this, entry);
  }

  *_parseWorksheet(iterator: AsyncIterable<Chunk>, sheetNo: string): Generator<WorksheetEvent> {
    for (const event of base._parseWorksheet.call(this, decoded(iterator), sheetNo)) {
      if (typeof event.value === 'object' && event.value !== null) this.sources.set(event.value, iterator);
      yield event;
    }
  }

  // Whether the zip held a workbook part (xl/workbook.xml).
  isWorkbook(): boolean {
    return (this as unknown as { model?: WorkbookModel }).model !== undefined;
  }

  // Is this the sheet a person sees first: the first visible one in the workbook's order? A sheet
  // exceljs could not match to the workbook (or a workbook not read yet) counts as first.
  isFirstSheet(sheet: ExcelJS.stream.xlsx.WorksheetReader): boolean {
    const { sheets } = ((this as unknown as { model?: WorkbookModel }).model ?? {}) as WorkbookModel;
    const first = sheets?.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden');
    const { id } = sheet as unknown as SheetInfo;
    return !first || typeof id !== 'number' || id === first.id;
  }

  // Whether the sheet is read from exceljs' temporary copy (the sheet came before the shared
  // strings in the file, as Excel writes it): then the reader must run to its end, which deletes
  // the copy.
  fromTemporaryFile(sheet: ExcelJS.stream.xlsx.WorksheetReader): boolean {
    return this.sources.get(sheet) instanceof Readable;
  }

  // A sheet that is not read: its temporary copy is closed (exceljs deletes it when the reader moves on).
  // The copy is opened lazily: exceljs may delete it before that open runs, and the open's ENOENT
  // then lands on a stream nobody reads (an uncaught error). A released copy's errors are expected.
  release(sheet: ExcelJS.stream.xlsx.WorksheetReader): void {
    const source = this.sources.get(sheet);
    if (source instanceof Readable) {
      source.on('error', () => undefined);
      source.destroy();
    }
  }
}
