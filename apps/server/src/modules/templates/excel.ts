import type { ClientStatsRow } from '@salon/contract/templates';
import { escapeCell, localTime, writeSheet } from '../../platform/files/xlsx.js';

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

// The per-client table of a template (SPEC 3 detail columns), times in the branch's zone. Written
// with the streaming writer: rows are serialised as they are added.
export async function detailWorkbook(sheetTitle: string, rows: ClientStatsRow[], timeZone: string): Promise<Buffer> {
  const columns = [
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
  const cells = rows.map((row) => ({
    phone: escapeCell(row.phone),
    name: escapeCell(row.name),
    version: row.version,
    send_time: localTime(row.send_time, timeZone),
    reply_time: localTime(row.reply_time, timeZone),
    record_time: localTime(row.record_time, timeZone),
    services: escapeCell(row.services),
    sum: row.sum,
    status: escapeCell(STATUS_RU[row.status] ?? row.status),
  }));
  return (await writeSheet(sheetTitle || 'Statistics', columns, [cells])).bytes;
}
