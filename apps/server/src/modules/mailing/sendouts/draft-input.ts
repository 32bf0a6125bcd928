import type { ClientListCounts } from '@salon/contract/mailing-clients';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';

// How a client source (an uploaded list, a CRM segment) hands its recipients to the send-out
// module: a draft send-out is made from them and the parse answer (SPEC 3 Parsed client file) is
// built from the draft. Sources know nothing of send-outs beyond this.

export interface DraftRecipient {
  // Digits with the country code.
  phone: string;
  name: string;
  // Values of the source's other keys ({"information": "..."}).
  vars: Readonly<Record<string, string>>;
  // From the CRM when the source knows them; an uploaded list's recipients are looked up by phone.
  visits?: number | null;
  lastVisitAt?: Date | null;
}

export interface DraftInput {
  accId: number;
  source: 'xlsx' | 'crm';
  // name, phone, then the source's other keys.
  keys: readonly string[];
  recipients: readonly DraftRecipient[];
  // What the source read: rows, clients, duplicates, blacklisted, invalid, empty.
  report: ClientListCounts;
  loyaltyActionId?: string | null;
  createdBy?: number | null;
}

export interface DraftMaker {
  createDraft(input: DraftInput): Promise<ParsedClientFile>;
}
