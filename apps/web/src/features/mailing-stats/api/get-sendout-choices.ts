import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailingStatsResponse, statsRowFromWire } from '@salon/contract/mailing-stats';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { statsKeys } from './stats-keys';

// Before any send-out existed: the choice covers every send-out of the branch, not this year's only.
const CHOICES_FROM = '2000-01-01';
const CHOICES_SIZE = 20;

export function sendoutChoicesQuery(accId: number | null, text: string) {
  return queryOptions({
    queryKey: statsKeys.choices(accId, text),
    queryFn: ({ signal }) =>
      api
        .request({
          host: 'mailing',
          path: '/stats_sendout',
          query: {
            date_start: CHOICES_FROM,
            text: text || undefined,
            page_size: CHOICES_SIZE,
            sort: 'date',
            order_desc: true,
          },
          schema: mailingStatsResponse,
          signal,
        })
        .then((answer) => answer.data.map(statsRowFromWire)),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === accId ? previous : undefined),
  });
}

// The send-outs the detail page offers: the newest 20, or those whose text holds the search.
export function useSendoutChoices(text: string) {
  const { accId } = useSession();
  return useQuery(sendoutChoicesQuery(accId, text));
}
