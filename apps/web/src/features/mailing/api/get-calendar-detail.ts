import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { calendarDetailResponse, type CalendarDetailQuery } from '@salon/contract/mailing-plan';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { mailingKeys } from './mailing-keys';

export function fetchCalendarDetail(query: CalendarDetailQuery, signal?: AbortSignal) {
  return api.request({
    host: 'mailing',
    path: '/calendar_detail',
    query: { ...query },
    schema: calendarDetailResponse,
    signal,
  });
}

export function calendarDetailQuery(accId: number | null, query: CalendarDetailQuery) {
  return queryOptions({
    queryKey: mailingKeys.calendarDetail(accId, query),
    queryFn: ({ signal }) => fetchCalendarDetail(query, signal),
  });
}

// GET /calendar_detail?date&between_time: the send-outs sending on a clicked day (SPEC 3 Day detail).
export function useCalendarDetail(query: CalendarDetailQuery | null) {
  const { accId } = useSession();
  return useQuery({
    queryKey: mailingKeys.calendarDetail(accId, query),
    queryFn: query ? ({ signal }) => fetchCalendarDetail(query, signal) : skipToken,
  });
}
