import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryListResponse, type TEMPLATE_LIST_CATEGORIES } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { templateKeys } from './template-keys';

export type TemplateListCategory = (typeof TEMPLATE_LIST_CATEGORIES)[number];

export function templateCategoriesQuery(accId: number | null, category: TemplateListCategory) {
  return queryOptions({
    queryKey: templateKeys.categories(accId, category),
    queryFn: ({ signal }) =>
      api
        .request({ path: '/template_categories', query: { category }, schema: categoryListResponse, signal })
        .then((answer) => answer.data),
    // The booking system's lists change rarely; one load per visit to the editor is enough.
    staleTime: 5 * 60_000,
  });
}

// GET /template_categories?category: the options of one filter ({id, title}).
export function useTemplateCategories(category: TemplateListCategory, enabled = true) {
  const { accId } = useSession();
  return useQuery({ ...templateCategoriesQuery(accId, category), enabled });
}
