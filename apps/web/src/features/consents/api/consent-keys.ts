import type { ConsentFilter } from '../consent-list-rules';

export interface ConsentListParams {
  page: number;
  search: string;
  filter: ConsentFilter;
}

// Every consent query of a branch sits under ['consents', accId]; a change refreshes the list pages.
export const consentKeys = {
  all: (accId: number | null) => ['consents', accId] as const,
  lists: (accId: number | null) => ['consents', accId, 'list'] as const,
  list: (accId: number | null, params: ConsentListParams) => ['consents', accId, 'list', params] as const,
};
