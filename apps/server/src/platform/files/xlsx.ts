import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

// A text that a spreadsheet would run as a formula (or a DDE command) is written as plain text.
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

// 'YYYY-MM-DD HH:mm' in the branch's zone, for the exported files' date columns.
export function localTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

// One sheet written with exceljs' streaming writer: rows are serialised as they are added, so a long
// export is never held whole as cells. Sheet titles lose the characters Excel refuses.
export async function writeSheet(
  title: string,
  columns: SheetColumn[],
  rows: AsyncIterable<readonly Record<string, unknown>[]> | Iterable<readonly Record<string, unknown>[]>,
): Promise<{ bytes: Buffer; count: number }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Sheet');
  sheet.columns = columns;
  let count = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      sheet.addRow(row).commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return { bytes: Buffer.concat(chunks), count };
}
