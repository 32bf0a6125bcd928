import type { AllowedToRunQuery, CalendarDetailQuery, CalendarQuery } from '@salon/contract/mailing-plan';

// Every query of the mailing pages sits under ['mailing', accId]; a start, stop or resume refreshes
// the send-out list and the calendar (both show send-outs), nothing else.
export const mailingKeys = {
  all: (accId: number | null) => ['mailing', accId] as const,
  checkPayed: (accId: number | null) => ['mailing', accId, 'check-payed'] as const,
  actionSendouts: (accId: number | null) => ['mailing', accId, 'action-sendouts'] as const,
  calendars: (accId: number | null) => ['mailing', accId, 'calendar'] as const,
  calendar: (accId: number | null, query: CalendarQuery | null) => ['mailing', accId, 'calendar', query] as const,
  calendarDetail: (accId: number | null, query: CalendarDetailQuery | null) =>
    ['mailing', accId, 'calendar', 'detail', query] as const,
  allowedToRun: (accId: number | null, query: AllowedToRunQuery | null) =>
    ['mailing', accId, 'allowed-to-run', query] as const,
};
