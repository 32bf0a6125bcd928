import { queryOptions } from '@tanstack/react-query';
import { generalSettingsResponse } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';
import { settingsQueryKey } from './settings-query-key';

// GET /settings/general.
export function generalSettingsQuery(accId: number | null) {
  return queryOptions({
    queryKey: settingsQueryKey('general', accId),
    queryFn: ({ signal }) =>
      api.request({ path: '/settings/general', schema: generalSettingsResponse, signal }).then((a) => a.data),
  });
}
