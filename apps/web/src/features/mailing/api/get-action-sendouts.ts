import { queryOptions, useQuery } from '@tanstack/react-query';
import { actionSendoutsResponse } from '@salon/contract/mailing-sendouts';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { shouldPoll, STARTED_POLL_MS } from '../started-rules';
import { mailingKeys } from './mailing-keys';

export function actionSendoutsQuery(accId: number | null) {
  return queryOptions({
    queryKey: mailingKeys.actionSendouts(accId),
    queryFn: ({ signal }) =>
      api.request({ host: 'mailing', path: '/action_sendouts', schema: actionSendoutsResponse, signal }),
  });
}

// GET /action_sendouts: the branch's launched send-outs, newest first; polled while one sends.
export function useActionSendouts() {
  const { accId } = useSession();
  return useQuery({
    ...actionSendoutsQuery(accId),
    refetchInterval: (query) => (shouldPoll(query.state.data ?? [], Date.now()) ? STARTED_POLL_MS : false),
  });
}
