import { useMutation } from '@tanstack/react-query';
import { getClientsFromYclBody, type SegmentFilters } from '@salon/contract/mailing-segments';
import { parsedClientFile } from '@salon/contract/mailing-sendouts';
import { api } from '../../../../shared/api/api';

export interface GetClientsFromCrmInput {
  filters: SegmentFilters;
  loyaltyActionId: string | null;
}

// POST /get_clients_from_ycl {operation, loyalty_action_id, filters}: the server reads the
// matching clients of the branch's booking system into a draft send-out and answers SPEC 3's
// parsed client file. Nothing cached changes: the draft is the wizard's state.
export function getClientsFromCrm({ filters, loyaltyActionId }: GetClientsFromCrmInput) {
  return api.request({
    host: 'mailing',
    method: 'POST',
    path: '/get_clients_from_ycl',
    body: getClientsFromYclBody.parse({
      operation: filters.operation,
      loyalty_action_id: loyaltyActionId,
      filters: filters.conditions,
    }),
    schema: parsedClientFile,
  });
}

export function useGetClientsFromCrm() {
  return useMutation({ mutationFn: getClientsFromCrm });
}
