import type ExcelJS from 'exceljs';

export type Plain = string | number | boolean | Date | null;

// What a cell shows: rich text joined, a formula's cached result, a hyperlink's text; an error
// cell (#N/A) and a formula never calculated are empty.
export function plainValue(value: ExcelJS.CellValue | undefined): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) {
    let text = '';
    for (const run of value.richText) text += run.text ?? '';
    return text;
  }
  if ('result' in value || 'formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined || (typeof result === 'object' && result !== null && 'error' in result)
      ? null
      : plainValue(result);
  }
  if ('text' in value) return plainValue((value as { text: ExcelJS.CellValue }).text);
  return null;
}

function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

const DAY_MS = 86_400_000;

// Excel dates have no time zone: exceljs hands them over as UTC, and so they are written back,
// 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm[:ss]'. The calendar date is worked out from the day number
// (H. Hinnant's civil_from_days): a date column is read on every row, and Date's getters cost more.
export function dateText(date: Date): string {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) return '';
  const days = Math.floor(ms / DAY_MS);
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const text = `${year}-${twoDigits(month)}-${twoDigits(day)}`;
  const seconds = Math.floor((ms - days * DAY_MS) / 1000);
  if (seconds === 0) return text;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = seconds % 60;
  return `${text}T${twoDigits(h)}:${twoDigits(m)}${s === 0 ? '' : `:${twoDigits(s)}`}`;
}

// A cell as the text a message would carry.
export function plainText(value: Plain): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') {
    // 15 significant digits, as Excel shows them: 0.1 + 0.2 is 0.3.
    return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return dateText(value);
}

export function cellText(value: ExcelJS.CellValue | undefined): string {
  return plainText(plainValue(value));
}
