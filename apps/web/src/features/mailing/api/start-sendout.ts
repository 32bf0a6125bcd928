import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startSendoutFields, startSendoutResponse } from '@salon/contract/mailing-sendouts';
import { api } from '../../../shared/api/api';
import { track } from '../../../shared/metrics/track';
import { useSession } from '../../../shared/session/use-session';
import type { StartRequest } from '../launch-rules';
import { mailingKeys } from './mailing-keys';
import { toForm } from './to-form';

// POST /start_sendout (multipart, SPEC 7 form plus an optional `media` file): the draft becomes a
// planned (scheduled) or started (immediate) send-out.
export function startSendout({ fields, media }: StartRequest) {
  track('schedule_sendout');
  const checked = startSendoutFields.parse(fields);
  return api.request({
    host: 'mailing',
    method: 'POST',
    path: '/start_sendout',
    body: toForm(checked, media),
    schema: startSendoutResponse,
  });
}

export function useStartSendout() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: startSendout,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: mailingKeys.actionSendouts(accId) });
      void queryClient.invalidateQueries({ queryKey: mailingKeys.calendars(accId) });
    },
  });
}
