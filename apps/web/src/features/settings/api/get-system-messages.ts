import { queryOptions } from '@tanstack/react-query';
import { systemMessagesResponse } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';
import { settingsQueryKey } from './settings-query-key';

// GET /settings/system_messages {message_sending_schedule, exception_masters_names}.
export function systemMessagesQuery(accId: number | null) {
  return queryOptions({
    queryKey: settingsQueryKey('system_messages', accId),
    queryFn: ({ signal }) =>
      api.request({ path: '/settings/system_messages', schema: systemMessagesResponse, signal }).then((a) => a.data),
  });
}
