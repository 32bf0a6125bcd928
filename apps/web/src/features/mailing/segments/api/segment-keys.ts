import type { ReferenceListKind } from './get-reference-list';

// Every segments query of a branch sits under ['segments', accId]; a segment change refreshes
// only the list, never the reference lists or other mailing queries.
export const segmentKeys = {
  all: (accId: number | null) => ['segments', accId] as const,
  list: (accId: number | null) => ['segments', accId, 'list'] as const,
  reference: (accId: number | null, kind: ReferenceListKind) => ['segments', accId, 'reference', kind] as const,
};
