import type { ReviewStatsRow } from '@salon/contract/reviews';
import { escapeCell, writeSheet } from '../../../platform/files/xlsx.js';

// The review statistics table (SPEC 3 Review stats row) for a person (a download or the admin bot),
// in the cabinet's default language. A chain title is the salon's text: a formula-like one is
// written as plain text.
export async function reviewStatsWorkbook(
  rows: ReviewStatsRow[],
  range: { date_start: string; date_end: string },
): Promise<Buffer> {
  const columns = [
    { header: 'Цепочка', key: 'title', width: 36 },
    { header: 'Состояние', key: 'state', width: 14 },
    { header: 'Отправлено', key: 'total_sends', width: 12 },
    { header: 'Оценили', key: 'first_step_count', width: 12 },
    { header: 'Конверсия первого шага, %', key: 'first_step_conversion', width: 16 },
    { header: 'Дошли до конца', key: 'full_count', width: 14 },
    { header: 'Полная конверсия, %', key: 'full_conversion', width: 16 },
    { header: 'Негативные оценки', key: 'negative_results', width: 14 },
    { header: 'Переходы по ссылке', key: 'link_clicks', width: 14 },
  ];
  const cells = rows.map((row) => ({
    title: escapeCell(row.title),
    state: row.deleted ? 'Удалена' : row.active ? 'Включена' : 'Выключена',
    total_sends: row.total_sends,
    first_step_count: row.first_step_count,
    first_step_conversion: row.first_step_conversion,
    full_count: row.full_count,
    full_conversion: row.full_conversion,
    negative_results: row.negative_results,
    link_clicks: row.link_clicks,
  }));
  const title = `Отзывы ${range.date_start} — ${range.date_end}`;
  return (await writeSheet(title, columns, [cells])).bytes;
}
