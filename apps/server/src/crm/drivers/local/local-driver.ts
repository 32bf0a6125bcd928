import type { CrmClientMatch, CrmDriver, CrmRecord } from '../../crm.js';
import { LocalClientSearch } from './client-search.js';
import { LocalBooking } from './local-booking.js';
import type { LocalCrm } from './local-crm.js';

const PAGE_SIZE = 200;
const CLIENT_PAGE_SIZE = 1000;

// The CRM port over the local CRM's own tables. Confirm and cancel answers go through LocalCrm,
// so they write their inbox events like any other change.
export function localCrmDriver(crm: LocalCrm, options: { pageSize?: number } = {}): CrmDriver {
  const { repo, store } = crm;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const clientSearch = new LocalClientSearch(repo.db);
  const booking = new LocalBooking(crm);
  return {
    kind: 'local',
    record: (branch, recordId) => repo.record(branch.accId, recordId),
    client: (branch, clientId) => repo.client(branch.accId, clientId),
    async *recordsChangedAfter(branch, since, until) {
      let after: { changedAt: Date; id: string } | null = null;
      for (;;) {
        const page: CrmRecord[] = await store.recordsChanged(branch.accId, since, until, after, pageSize);
        yield* page;
        const last = page.at(-1);
        if (!last || page.length < pageSize) return;
        after = { changedAt: last.changedAt, id: last.id };
      }
    },
    async confirmRecord(branch, recordId) {
      await crm.confirm(branch.accId, recordId);
    },
    async cancelRecord(branch, recordId) {
      await crm.cancel(branch.accId, recordId);
    },
    reference: (branch, kind) => repo.reference(branch.accId, kind),
    // The local CRM keeps one bonus balance per client (no card types): every card type lands there.
    loyaltyPermission: async () => true,
    async loyaltyTransaction(branch, t) {
      const client = await crm.addBonus(branch.accId, { name: t.clientName, phone: t.phone }, t.amount);
      return { reference: `local:${client.id}:${client.bonusBalance}` };
    },
    // Pages by client id, so a segment of any size never sits in memory here at once.
    async *searchClients(branch, search, context) {
      const size = options.pageSize ?? CLIENT_PAGE_SIZE;
      let after: string | null = null;
      for (;;) {
        const page: CrmClientMatch[] = await clientSearch.page(branch.accId, search, context, after, size);
        yield* page;
        const last = page.at(-1);
        if (!last || page.length < size) return;
        after = last.client.id;
      }
    },
    catalogue: (branch) => booking.catalogue(branch.accId),
    freeSlots: (branch, query) => booking.freeSlots(branch.accId, query),
    clientRecords: (branch, phone, from) => booking.clientRecords(branch.accId, phone, from),
    book: (branch, input) => booking.book(branch.accId, input),
    moveRecord: (branch, recordId, startsAt) => booking.moveRecord(branch.accId, recordId, startsAt),
  };
}
