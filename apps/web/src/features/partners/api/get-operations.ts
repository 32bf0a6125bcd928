import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operationList } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import type { WireValue } from '../operations-rules';
import { partnersKeys } from './partners-keys';

export function operationsQuery(code: string | null, wire: Record<string, WireValue>) {
  return queryOptions({
    queryKey: partnersKeys.operations(code, wire),
    queryFn: ({ signal }) =>
      api.request({ path: '/reff_consultant/operations', query: wire, schema: operationList, signal }),
    enabled: code !== null,
    // A changed filter keeps the last list on screen until the new one comes.
    placeholderData: keepPreviousData,
  });
}

// GET /reff_consultant/operations: the code's accruals, payouts and reversals (SPEC 3 Operation).
export function useOperations(code: string | null, wire: Record<string, WireValue>) {
  return useQuery(operationsQuery(code, wire));
}
