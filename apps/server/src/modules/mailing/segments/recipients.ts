import type { ClientListCounts } from '@salon/contract/mailing-clients';
import { normalizePhone } from '@salon/contract/phone';
import type { CrmClientMatch } from '../../../crm/crm.js';
import type { DraftRecipient } from '../sendouts/draft-input.js';

// The clients of a segment as send-out recipients, counted the way a client list is (SPEC 5): every
// client found is a row; one without a usable phone is invalid, a phone already taken a duplicate
// (the first client keeps it), a blacklisted phone is left out; the rest are the recipients. A CRM
// has no empty rows.
export class RecipientCollector {
  readonly counts: ClientListCounts = { rows: 0, clients: 0, duplicates: 0, blacklisted: 0, invalid: 0, empty: 0 };
  readonly recipients: DraftRecipient[] = [];
  readonly #phones = new Set<string>();

  constructor(
    private readonly blacklist: ReadonlySet<string>,
    // Rows beyond it are refused as a whole, like an over-long list.
    private readonly maxRows: number,
  ) {}

  // The phone a client is reached at (digits with the country code), or null.
  static phoneOf(match: CrmClientMatch): string | null {
    return normalizePhone(match.client.phone);
  }

  // false once the limit is passed: the caller stops reading.
  add(match: CrmClientMatch, phone: string | null): boolean {
    if (this.counts.rows === this.maxRows) return false;
    this.counts.rows += 1;
    if (phone === null) {
      this.counts.invalid += 1;
      return true;
    }
    if (this.#phones.has(phone)) {
      this.counts.duplicates += 1;
      return true;
    }
    this.#phones.add(phone);
    if (this.blacklist.has(phone)) {
      this.counts.blacklisted += 1;
      return true;
    }
    this.counts.clients += 1;
    this.recipients.push({
      phone,
      name: match.client.name.trim().replace(/\s+/g, ' '),
      vars: {},
      visits: match.visits,
      lastVisitAt: match.lastVisitAt,
    });
    return true;
  }
}
