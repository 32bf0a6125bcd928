import type { CrmDriver, CrmRecord } from '../../crm.js';
import type { LocalCrm } from './local-crm.js';

const PAGE_SIZE = 200;

// The CRM port over the local CRM's own tables. Confirm and cancel answers go through LocalCrm,
// so they write their inbox events like any other change.
export function localCrmDriver(crm: LocalCrm, options: { pageSize?: number } = {}): CrmDriver {
  const { repo, store } = crm;
  const pageSize = options.pageSize ?? PAGE_SIZE;
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
  };
}
