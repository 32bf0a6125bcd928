import { checkClientListFile, CLIENT_LIST_STATUS, type ClientListStatus } from '@salon/contract/mailing-clients';
import { parseXlsxFields, type ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { AppError, errors } from '../../../platform/http/errors.js';
import { parseClientList } from '../parse/client-list.js';
import type { DraftMaker } from './draft-input.js';
import type { FileRule, MailingForm } from './form.js';

const HTTP_CODE: Record<ClientListStatus, number> = {
  [CLIENT_LIST_STATUS.empty]: 400,
  [CLIENT_LIST_STATUS.noContacts]: 400,
  [CLIENT_LIST_STATUS.damaged]: 400,
  [CLIENT_LIST_STATUS.tooBig]: 413,
  [CLIENT_LIST_STATUS.tooManyRows]: 413,
  [CLIENT_LIST_STATUS.saveAsXlsx]: 415,
  [CLIENT_LIST_STATUS.wrongType]: 415,
};

// A refused list. SPEC 8: the cabinet shows 'Файл пустой' and 'Нет контактов' as the "clients not
// found" callout and any other detail as the message, so the text travels as the detail (and as
// the status, for callers that read only that).
export function listRefusal(status: ClientListStatus): AppError {
  return new AppError(HTTP_CODE[status], status, status);
}

// The `data` file of /parse_xlsx: an xlsx/xls name (SPEC 5), at most MAX_CLIENT_LIST_BYTES.
export const CLIENT_LIST_FILE: FileRule = {
  field: 'data',
  checkName(fileName) {
    const check = checkClientListFile(fileName || 'data', 1);
    return check.ok ? null : listRefusal(check.status);
  },
  refusal(reason) {
    if (reason === 'too_big') return listRefusal(CLIENT_LIST_STATUS.tooBig);
    if (reason === 'empty') return listRefusal(CLIENT_LIST_STATUS.empty);
    return listRefusal(CLIENT_LIST_STATUS.wrongType);
  },
};

export interface ClientListUploadsDeps {
  drafts: DraftMaker;
  // The blacklist module's list of the branch's blocked numbers.
  blacklist: { list(accId: number): Promise<string[]> };
}

// POST /parse_xlsx: the uploaded list read against the branch's blacklist, then a draft made of it.
export class ClientListUploads {
  constructor(private readonly d: ClientListUploadsDeps) {}

  // The signal aborts when the client has gone: the reading stops (the answer reaches nobody).
  async parse(
    caller: { accId: number; userId: number },
    form: MailingForm,
    signal?: AbortSignal,
  ): Promise<ParsedClientFile> {
    const fields = parseXlsxFields.safeParse(form.fields);
    if (!fields.success) throw errors.badRequest('loyalty_action_id');
    if (!form.file) throw listRefusal(CLIENT_LIST_STATUS.empty);
    const blacklist = new Set(await this.d.blacklist.list(caller.accId));
    // The list's budget (unpacked size, rows with the empty ones, time) is parseClientList's.
    const result = await parseClientList(form.file.staged.tmpPath, { blacklist, ...(signal ? { signal } : {}) });
    if (!result.ok) throw listRefusal(result.status);
    return this.d.drafts.createDraft({
      accId: caller.accId,
      source: 'xlsx',
      keys: result.keys,
      recipients: result.clients.map((c) => ({ phone: c.phone, name: c.name, vars: c.keys })),
      report: result.counts,
      loyaltyActionId: fields.data.loyalty_action_id || null,
      createdBy: caller.userId,
    });
  }
}
