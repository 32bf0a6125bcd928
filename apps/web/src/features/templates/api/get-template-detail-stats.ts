import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientStatsResponse } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { templateKeys } from './template-keys';

export function templateDetailStatsQuery(accId: number | null, id: number) {
  return queryOptions({
    queryKey: templateKeys.detailStats(accId, id),
    queryFn: ({ signal }) =>
      api
        .request({ path: '/template_detail_stats', query: { templ_id: id }, schema: clientStatsResponse, signal })
        .then((answer) => answer.data),
  });
}

// GET /template_detail_stats?templ_id: one row per message sent to a client.
export function useTemplateDetailStats(id: number) {
  const { accId } = useSession();
  return useQuery(templateDetailStatsQuery(accId, id));
}
