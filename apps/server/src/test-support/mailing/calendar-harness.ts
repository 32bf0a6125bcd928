import type { LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { linkWhatsapp } from './sendout-fixtures.js';
import type { TestApp } from '../harness.js';

// Helpers for the send-out integration tests: mailing forms as the cabinet posts them, client
// lists as Excel writes them, and a sandbox WhatsApp number for a branch.

export interface FormFileInput {
  name: string;
  bytes: Buffer | Uint8Array;
  type?: string;
}

// A multipart body as a browser's FormData makes it.
export async function mailingForm(
  fields: Record<string, string | number | boolean | undefined>,
  files: Record<string, FormFileInput> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  for (const [field, file] of Object.entries(files)) {
    form.append(field, new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

// An xlsx workbook of the given rows (the first is the header), as bytes.
export async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Клиенты');
  rows.forEach((row, i) =>
    row.forEach((value, column) => {
      if (value !== undefined) sheet.getCell(i + 1, column + 1).value = value;
    }),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface MailingCalls {
  postForm(
    path: string,
    accId: number,
    fields: Record<string, string | number | boolean | undefined>,
    files?: Record<string, FormFileInput>,
  ): Promise<LightMyRequestResponse>;
  get(path: string, accId: number, query?: string): Promise<LightMyRequestResponse>;
  // Uploads a list and returns the parse answer (failing the test on a refusal).
  parse(accId: number, rows: ExcelJS.CellValue[][]): Promise<ParsedClientFile>;
}

export function mailingCalls(app: () => TestApp, token: () => string): MailingCalls {
  const calls: MailingCalls = {
    async postForm(path, accId, fields, files = {}) {
      const form = await mailingForm(fields, files);
      return app().runtime.http!.inject({
        method: 'POST',
        url: `/api/mailing/${path}?acc_id=${accId}`,
        headers: { authorization: `Bearer ${token()}`, 'content-type': form.contentType },
        payload: form.payload,
      });
    },
    get(path, accId, query = '') {
      return app().request({ method: 'GET', url: `/api/mailing/${path}?acc_id=${accId}${query}`, token: token() });
    },
    async parse(accId, rows) {
      const res = await calls.postForm(
        'parse_xlsx',
        accId,
        {},
        { data: { name: 'clients.xlsx', bytes: await xlsx(rows) } },
      );
      if (res.statusCode !== 200) throw new Error(`parse_xlsx answered ${res.statusCode}: ${res.body}`);
      return res.json<ParsedClientFile>();
    },
  };
  return calls;
}

// A WhatsApp number of the branch on the sandbox network, authenticated (needs the 'all' role).
export function sandboxWhatsApp(app: TestApp, accId: number, phone: string): Promise<string> {
  return linkWhatsapp(app, accId, phone);
}
