import ExcelJS from 'exceljs';

// One data row of a client list as a salon keeps it: a phone may be typed any way, or be no phone.
export interface ClientListRow {
  name: string;
  phone: string | number;
  city: string;
}

// The headers the brief's lists have: name and phone are recognised, "Город" becomes a message key.
export const CLIENT_LIST_HEADERS = ['Имя', 'Телефон', 'Город'] as const;

// An .xlsx workbook of the rows under the headers, as the cabinet uploads it.
export async function clientListXlsx(rows: readonly ClientListRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Клиенты');
  sheet.addRow([...CLIENT_LIST_HEADERS]);
  for (const row of rows) sheet.addRow([row.name, row.phone, row.city]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ClientListPlan {
  rows: ClientListRow[];
  // Every distinct valid phone, in list order (the sending order).
  phones: string[];
  invalid: number;
  duplicates: number;
}

// Moscow demo CRM clients (DEMO_BRANCHES.moscow = 1001): the seed gives the first three clients of
// each branch fixed numbers, 7999{accId % 10}0{i}000{i}.
export const MOSCOW_CRM_PHONES = ['79991000000', '79991010001', '79991020002'] as const;

const CITIES = ['Москва', 'Химки', 'Мытищи', 'Люберцы'];

// A list of `size` rows: new clients 7999100xxxx (never ending in 0000-0002, the sandbox's numbers
// without WhatsApp), then the three demo CRM clients, two rows without a valid phone and two
// repeats of earlier phones (one written differently). `names` name the first rows.
export function clientListPlan(size: number, names: readonly string[] = []): ClientListPlan {
  const invalid = ['12-34', 'нет номера'];
  const fresh = size - MOSCOW_CRM_PHONES.length - invalid.length - 2;
  const rows: ClientListRow[] = [];
  const phones: string[] = [];
  for (let i = 0; i < fresh; i += 1) {
    const phone = `7999100${String(1000 + i)}`;
    phones.push(phone);
    rows.push({ name: names[i] ?? `Клиент ${i + 1}`, phone, city: CITIES[i % CITIES.length]! });
  }
  MOSCOW_CRM_PHONES.forEach((phone, i) => {
    phones.push(phone);
    rows.push({ name: `Клиент CRM ${i + 1}`, phone, city: 'Москва' });
  });
  for (const text of invalid) rows.push({ name: 'Без телефона', phone: text, city: 'Москва' });
  // A repeat typed as a person would, and one stored as a number: both are the same client.
  rows.push({ name: 'Повтор', phone: formatted(phones[5]!), city: 'Москва' });
  rows.push({ name: 'Повтор', phone: Number(phones[10]!), city: 'Москва' });
  return { rows, phones, invalid: invalid.length, duplicates: 2 };
}

// '79991001005' → '+7 (999) 100-10-05'
function formatted(phone: string): string {
  return `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
}
