import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerTable } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import { partnersKeys } from './partners-keys';

export function partnerTableQuery() {
  return queryOptions({
    queryKey: partnersKeys.table(),
    queryFn: ({ signal }) => api.request({ path: '/reff_consultant/partners', schema: partnerTable, signal }),
  });
}

// GET /reff_consultant/partners: the salons of every code the caller holds, one group per code.
export function usePartnerTable(enabled = true) {
  return useQuery({ ...partnerTableQuery(), enabled });
}
