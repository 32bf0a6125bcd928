import { queryOptions } from '@tanstack/react-query';
import { smsSettingsResponse } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';
import { settingsQueryKey } from './settings-query-key';

// GET /settings/sms: the provider (null when off) and its fields, secrets masked.
export function smsSettingsQuery(accId: number | null) {
  return queryOptions({
    queryKey: settingsQueryKey('sms', accId),
    queryFn: ({ signal }) =>
      api.request({ path: '/settings/sms', schema: smsSettingsResponse, signal }).then((a) => a.data),
  });
}
