import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { calendarResponse, type CalendarQuery } from '@salon/contract/mailing-plan';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { mailingKeys } from './mailing-keys';

export function fetchCalendar(query: CalendarQuery, signal?: AbortSignal) {
  return api.request({ host: 'mailing', path: '/calendar', query: { ...query }, schema: calendarResponse, signal });
}

// GET /calendar (SPEC 7: quote_for_day, between_time; ours: batch_len, count): the days a new
// send-out may not start on and the send-outs already planned. Asked only while the calendar is open.
export function useCalendar(query: CalendarQuery | null) {
  const { accId } = useSession();
  return useQuery({
    queryKey: mailingKeys.calendar(accId, query),
    queryFn: query ? ({ signal }) => fetchCalendar(query, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
