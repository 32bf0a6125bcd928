// Every segments query of a branch sits under ['segments', accId]; a segment change refreshes
// only the list, never the reference lists (shared/crm) or other mailing queries.
export const segmentKeys = {
  all: (accId: number | null) => ['segments', accId] as const,
  list: (accId: number | null) => ['segments', accId, 'list'] as const,
};
