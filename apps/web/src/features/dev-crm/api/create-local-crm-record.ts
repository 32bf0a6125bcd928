import { useMutation, useQueryClient } from '@tanstack/react-query';
import { localCrmRecordResponse, type LocalCrmCreateRecordBody } from '@salon/contract/local-crm';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { localCrmClientsKey } from './get-local-crm-clients';
import { localCrmRecordsKey } from './get-local-crm-records';

// POST /crm/local/records: answers the new record.
export function createLocalCrmRecord(body: LocalCrmCreateRecordBody) {
  return api.request({ method: 'POST', path: '/crm/local/records', body, schema: localCrmRecordResponse });
}

export function useCreateLocalCrmRecord() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: createLocalCrmRecord,
    onSuccess: (_answer, body) => {
      void queryClient.invalidateQueries({ queryKey: localCrmRecordsKey(accId) });
      // A booking for a new client adds the client.
      if (body.client) void queryClient.invalidateQueries({ queryKey: localCrmClientsKey(accId) });
    },
  });
}
