import { queryOptions, useQuery } from '@tanstack/react-query';
import { templateResponse, type TemplateWire } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { templateKeys } from './template-keys';

export function templateQuery(accId: number | null, id: number) {
  return queryOptions({
    queryKey: templateKeys.one(accId, id),
    queryFn: ({ signal }): Promise<TemplateWire> =>
      api
        .request({ path: '/template', query: { template_id: id }, schema: templateResponse, signal })
        .then((answer) => answer.data),
  });
}

// GET /template?template_id; off for a new template (id null).
export function useTemplate(id: number | null) {
  const { accId } = useSession();
  return useQuery({ ...templateQuery(accId, id ?? 0), enabled: id !== null });
}
