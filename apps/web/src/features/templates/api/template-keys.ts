import type { StatsGroupBy } from '@salon/contract/templates-rules';
import type { StatsRange } from '../template-stats-rules';

// Every templates query of a branch sits under ['templates', accId] so a branch switch never shows
// another branch's templates; mutations invalidate only the parts they change.
export const templateKeys = {
  all: (accId: number | null) => ['templates', accId] as const,
  list: (accId: number | null) => ['templates', accId, 'list'] as const,
  one: (accId: number | null, id: number) => ['templates', accId, 'one', id] as const,
  stats: (accId: number | null) => ['templates', accId, 'stats'] as const,
  allStats: (accId: number | null, range: StatsRange) => ['templates', accId, 'stats', 'all', range] as const,
  versionStats: (accId: number | null, id: number, range: StatsRange) =>
    ['templates', accId, 'stats', 'version', id, range] as const,
  timeStats: (accId: number | null, id: number, range: StatsRange, groupBy: StatsGroupBy) =>
    ['templates', accId, 'stats', 'time', id, range, groupBy] as const,
  detailStats: (accId: number | null, id: number) => ['templates', accId, 'stats', 'detail', id] as const,
};
