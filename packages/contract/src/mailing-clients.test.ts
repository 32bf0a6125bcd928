import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from './attachments.js';
import {
  CLIENT_LIST_HEADER_ALIASES,
  CLIENT_LIST_STATUS,
  MAX_CLIENT_LIST_BYTES,
  checkClientListFile,
} from './mailing-clients.js';

describe('mailing client list', () => {
  it('takes xlsx and xls files up to the attachments limit', () => {
    expect(MAX_CLIENT_LIST_BYTES).toBe(MAX_ATTACHMENT_BYTES);
    expect(checkClientListFile('Клиенты.xlsx', 1000)).toEqual({ ok: true });
    expect(checkClientListFile('OLD.XLS', MAX_CLIENT_LIST_BYTES)).toEqual({ ok: true });
  });

  it('refuses other types, an empty file and a too-big one with their statuses', () => {
    expect(checkClientListFile('clients.csv', 1000)).toEqual({ ok: false, status: CLIENT_LIST_STATUS.wrongType });
    expect(checkClientListFile('xlsx', 1000)).toEqual({ ok: false, status: CLIENT_LIST_STATUS.wrongType });
    expect(checkClientListFile('clients.xlsx', 0)).toEqual({ ok: false, status: 'Файл пустой' });
    expect(checkClientListFile('clients.xlsx', MAX_CLIENT_LIST_BYTES + 1)).toEqual({
      ok: false,
      status: CLIENT_LIST_STATUS.tooBig,
    });
  });

  it("keeps the spec's status texts", () => {
    expect(CLIENT_LIST_STATUS.empty).toBe('Файл пустой');
    expect(CLIENT_LIST_STATUS.noContacts).toBe('Нет контактов');
  });

  it('has no alias in both the name and the phone list', () => {
    const names = new Set<string>(CLIENT_LIST_HEADER_ALIASES.name);
    expect(CLIENT_LIST_HEADER_ALIASES.phone.filter((alias) => names.has(alias))).toEqual([]);
  });
});
