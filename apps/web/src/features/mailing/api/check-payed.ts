import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkPayedResponse } from '@salon/contract/mailing';
import { api } from '../../../shared/api/api';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/use-session';
import { mailingKeys } from './mailing-keys';

// GET /check_payed {ok}: is the branch's mailing paid for. The API client reads any {ok:false}
// answer as a failure; here a successful HTTP answer with ok false is the answer "not paid".
export async function fetchPayed(signal?: AbortSignal): Promise<boolean> {
  try {
    const answer = await api.request({ host: 'mailing', path: '/check_payed', schema: checkPayedResponse, signal });
    return answer.ok;
  } catch (error) {
    if (isApiError(error) && error.httpStatus >= 200 && error.httpStatus < 300) return false;
    throw error;
  }
}

export function checkPayedQuery(accId: number | null) {
  return queryOptions({
    queryKey: mailingKeys.checkPayed(accId),
    queryFn: ({ signal }) => fetchPayed(signal),
  });
}

export function useCheckPayed() {
  const { accId } = useSession();
  return useQuery(checkPayedQuery(accId));
}
