// Every statistics query of a branch sits under ['mailing-stats', accId], so a branch switch never
// shows another branch's send-outs. Nothing here is changed by this feature: the exports only read.
export const statsKeys = {
  all: (accId: number | null) => ['mailing-stats', accId] as const,
  page: (accId: number | null, query: Record<string, string>) => ['mailing-stats', accId, 'page', query] as const,
  count: (accId: number | null, filters: Record<string, string>) => ['mailing-stats', accId, 'count', filters] as const,
  choices: (accId: number | null, text: string) => ['mailing-stats', accId, 'choices', text] as const,
  detail: (accId: number | null, query: Record<string, string>) => ['mailing-stats', accId, 'detail', query] as const,
};
