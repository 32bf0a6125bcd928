import type { DetailStatus, MailingStatsRowWire } from '@salon/contract/mailing-stats';
import { escapeCell, writeSheet } from '../../../platform/files/xlsx.js';

// The files go to a person (a download or the admin bot), in the cabinet's default language.
const STATUS_RU: Record<DetailStatus, string> = {
  pending: 'Ожидает отправки',
  sent: 'Отправлено',
  read: 'Прочитано',
  answered: 'Ответил',
  recorded: 'Записался',
};

// 'YYYY-MM-DD HH:mm' of a wire date-time (already in the branch's zone).
const local = (value: string | null) => (value ? `${value.slice(0, 10)} ${value.slice(11, 16)}` : '');

// The statistics table (SPEC 3 Stats row), every send-out of the filters. Rows arrive in batches and
// are serialised as they come.
export async function statsWorkbook(
  batches: AsyncIterable<MailingStatsRowWire[]>,
): Promise<{ bytes: Buffer; count: number }> {
  const columns = [
    { header: 'Дата запуска', key: 'date', width: 18 },
    { header: 'Текст', key: 'text', width: 48 },
    { header: 'Получатели', key: 'recipients', width: 12 },
    { header: 'Прочитали', key: 'read', width: 12 },
    { header: '% прочтения', key: 'percent_read', width: 12 },
    { header: 'Ответили', key: 'answers', width: 12 },
    { header: '% ответов', key: 'conversion_answers', width: 12 },
    { header: 'Записались', key: 'sign_up', width: 12 },
    { header: '% записей', key: 'conversion_sign_up', width: 12 },
    { header: 'Сумма', key: 'summ', width: 14 },
    { header: 'Сумма на сообщение', key: 'summ_one_msg', width: 14 },
    { header: 'Визиты (медиана)', key: 'visits', width: 12 },
    { header: 'Дней с визита (медиана)', key: 'last_visit_days', width: 14 },
    { header: 'Завершена', key: 'date_finish_sendout', width: 18 },
    { header: 'Остановлена', key: 'sendout_stop_flag', width: 12 },
  ];
  async function* cells() {
    for await (const batch of batches) {
      yield batch.map((row) => ({
        date: local(row.date),
        text: escapeCell(row.text),
        recipients: row.recipients,
        read: row.read,
        percent_read: row.percent_read,
        answers: row.answers,
        conversion_answers: row.conversion_answers,
        sign_up: row.sign_up,
        conversion_sign_up: row.conversion_sign_up,
        summ: row.summ,
        summ_one_msg: row.summ_one_msg,
        visits: row.visits ?? '',
        last_visit_days: row.last_visit_days ?? '',
        date_finish_sendout: local(row.date_finish_sendout),
        sendout_stop_flag: row.sendout_stop_flag ? 'Да' : 'Нет',
      }));
    }
  }
  return writeSheet('Статистика рассылок', columns, cells());
}

export interface DetailSheetRow {
  phone: string;
  name: string;
  status: DetailStatus;
  replyTime: string | null;
  recordTime: string | null;
  service: string | null;
  summaryCost: number | null;
}

// One send-out's recipients (SPEC 3 Detail row), as the detail page filtered them.
export async function detailWorkbook(rows: DetailSheetRow[]): Promise<{ bytes: Buffer; count: number }> {
  const columns = [
    { header: 'Телефон', key: 'phone', width: 16 },
    { header: 'Имя', key: 'name', width: 24 },
    { header: 'Статус', key: 'status', width: 14 },
    { header: 'Ответ', key: 'reply_time', width: 18 },
    { header: 'Запись', key: 'record_time', width: 18 },
    { header: 'Услуга', key: 'service', width: 32 },
    { header: 'Стоимость', key: 'cost', width: 12 },
  ];
  const cells = rows.map((row) => ({
    phone: escapeCell(row.phone),
    name: escapeCell(row.name),
    status: STATUS_RU[row.status],
    reply_time: local(row.replyTime),
    record_time: local(row.recordTime),
    service: escapeCell(row.service ?? ''),
    cost: row.summaryCost ?? '',
  }));
  return writeSheet('Детальная статистика', columns, [cells]);
}
