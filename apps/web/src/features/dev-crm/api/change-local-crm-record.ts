import { useMutation, useQueryClient } from '@tanstack/react-query';
import { localCrmRecordResponse, type Attendance } from '@salon/contract/local-crm';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { localCrmClientsKey } from './get-local-crm-clients';
import { localCrmRecordsKey } from './get-local-crm-records';

export type RecordChange =
  | { type: 'move'; id: string; start: string; staffId: string }
  | { type: 'attendance'; id: string; attendance: Attendance }
  | { type: 'pay'; id: string }
  | { type: 'cancel'; id: string };

function request(change: RecordChange) {
  const path = `/crm/local/records/${encodeURIComponent(change.id)}`;
  switch (change.type) {
    case 'move':
      return { method: 'POST' as const, path: `${path}/move`, body: { start: change.start, staff_id: change.staffId } };
    case 'attendance':
      return { method: 'POST' as const, path: `${path}/attendance`, body: { attendance: change.attendance } };
    case 'pay':
      return { method: 'POST' as const, path: `${path}/pay` };
    case 'cancel':
      return { method: 'DELETE' as const, path };
  }
}

// POST /crm/local/records/:id/move | attendance | pay, DELETE /crm/local/records/:id: answers the record.
export function changeLocalCrmRecord(change: RecordChange) {
  return api.request({ ...request(change), schema: localCrmRecordResponse });
}

export function useChangeLocalCrmRecord() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: changeLocalCrmRecord,
    onSuccess: (_answer, change) => {
      void queryClient.invalidateQueries({ queryKey: localCrmRecordsKey(accId) });
      // Attendance and cancelling move the client's visit counters.
      if (change.type === 'attendance' || change.type === 'cancel') {
        void queryClient.invalidateQueries({ queryKey: localCrmClientsKey(accId) });
      }
    },
  });
}
