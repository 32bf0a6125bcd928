import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stopSendoutResponse } from '@salon/contract/mailing-sendouts';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { mailingKeys } from './mailing-keys';

// DELETE /stop_sendout?sendout_id: pauses a planned or started send-out.
export function stopSendout(sendoutId: string) {
  return api.request({
    host: 'mailing',
    method: 'DELETE',
    path: '/stop_sendout',
    query: { sendout_id: sendoutId },
    schema: stopSendoutResponse,
  });
}

export function useStopSendout() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: stopSendout,
    // SPEC 4: stopping refreshes the table (and the calendar frees the rest of the plan).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mailingKeys.actionSendouts(accId) });
      void queryClient.invalidateQueries({ queryKey: mailingKeys.calendars(accId) });
    },
  });
}
