import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ClientStatsRow } from '@salon/contract/templates';

// A text that a spreadsheet would run as a formula (or a DDE command) is written as plain text.
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const STATUS_RU: Record<string, string> = {
  recorded: 'Записался',
  answered: 'Ответил',
  read: 'Прочитано',
  delivered: 'Доставлено',
  sent: 'Отправлено',
  pending: 'Ожидает отправки',
  failed: 'Не отправлено',
  cancelled: 'Отменено',
};

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

// The per-client table of a template (SPEC 3 detail columns), times in the branch's zone. Written
// with the streaming writer: rows are serialised as they are added.
export async function detailWorkbook(sheetTitle: string, rows: ClientStatsRow[], timeZone: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetTitle.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Statistics');
  sheet.columns = [
    { header: 'Телефон', key: 'phone', width: 16 },
    { header: 'Имя', key: 'name', width: 24 },
    { header: 'Версия', key: 'version', width: 8 },
    { header: 'Отправлено', key: 'send_time', width: 18 },
    { header: 'Ответ', key: 'reply_time', width: 18 },
    { header: 'Запись', key: 'record_time', width: 18 },
    { header: 'Услуги', key: 'services', width: 36 },
    { header: 'Сумма', key: 'sum', width: 12 },
    { header: 'Статус', key: 'status', width: 16 },
  ];
  for (const row of rows) {
    sheet
      .addRow({
        phone: escapeCell(row.phone),
        name: escapeCell(row.name),
        version: row.version,
        send_time: localTime(row.send_time, timeZone),
        reply_time: localTime(row.reply_time, timeZone),
        record_time: localTime(row.record_time, timeZone),
        services: escapeCell(row.services),
        sum: row.sum,
        status: escapeCell(STATUS_RU[row.status] ?? row.status),
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
