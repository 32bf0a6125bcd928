import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resumeSendoutResponse } from '@salon/contract/mailing-sendouts';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { mailingKeys } from './mailing-keys';

// POST /resume_sendout?sendout_id: a paused send-out sends its remaining recipients.
export function resumeSendout(sendoutId: string) {
  return api.request({
    host: 'mailing',
    method: 'POST',
    path: '/resume_sendout',
    query: { sendout_id: sendoutId },
    schema: resumeSendoutResponse,
  });
}

export function useResumeSendout() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: resumeSendout,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mailingKeys.actionSendouts(accId) });
      void queryClient.invalidateQueries({ queryKey: mailingKeys.calendars(accId) });
    },
  });
}
