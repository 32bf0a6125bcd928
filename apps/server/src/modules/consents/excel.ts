import type { ConsentStatus } from '@salon/contract/consents-rules';
import { escapeCell, localTime, writeSheet } from '../../platform/files/xlsx.js';

export interface ConsentSheetRow {
  phone: string;
  status: ConsentStatus;
  clientText: string | null;
  comment: string | null;
  consentAt: Date | null;
  updatedAt: Date;
}

// The file goes to a person through the bot, in the cabinet's default language.
const STATUS_RU: Record<ConsentStatus, string> = {
  consent: 'Согласие',
  declined: 'Отказ',
  await: 'Ожидает ответа',
  neutral: 'Нейтральный',
};

// The consent list as an xlsx workbook, times in the branch's zone. Rows arrive in batches and are
// serialised as they come (streaming writer), so a long list is never held whole.
export async function consentsWorkbook(
  batches: AsyncIterable<ConsentSheetRow[]>,
  timeZone: string,
): Promise<{ bytes: Buffer; count: number }> {
  const columns = [
    { header: 'Телефон', key: 'phone', width: 16 },
    { header: 'Статус', key: 'status', width: 18 },
    { header: 'Ответ клиента', key: 'client_text', width: 36 },
    { header: 'Комментарий', key: 'comment', width: 36 },
    { header: 'Дата ответа', key: 'consent_at', width: 18 },
    { header: 'Обновлено', key: 'updated_at', width: 18 },
  ];
  async function* cells() {
    for await (const batch of batches) {
      yield batch.map((row) => ({
        phone: escapeCell(row.phone),
        status: STATUS_RU[row.status],
        client_text: escapeCell(row.clientText ?? ''),
        comment: escapeCell(row.comment ?? ''),
        consent_at: localTime(row.consentAt?.toISOString() ?? null, timeZone),
        updated_at: localTime(row.updatedAt.toISOString(), timeZone),
      }));
    }
  }
  return writeSheet('Согласия', columns, cells());
}
