import { queryOptions, useQuery } from '@tanstack/react-query';
import { templateListResponse } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import type { TemplateLists } from '../template-list-rules';
import { templateKeys } from './template-keys';

export function templateListQuery(accId: number | null) {
  return queryOptions({
    queryKey: templateKeys.list(accId),
    queryFn: ({ signal }): Promise<TemplateLists> =>
      api
        .request({ path: '/template_list', query: { tm: true, em: true }, schema: templateListResponse, signal })
        .then((answer) => answer.data),
  });
}

// GET /template_list?tm&em: both kinds in their saved order.
export function useTemplateList() {
  const { accId } = useSession();
  return useQuery(templateListQuery(accId));
}
