import { queryOptions, useQuery } from '@tanstack/react-query';
import { priorityChannelResponse } from '@salon/contract/settings';
import type { PriorityChannel } from '@salon/contract/settings-rules';
import type { z } from 'zod';
import { api } from '../../../shared/api/api';
import { settingsQueryKey } from './settings-query-key';

export type PriorityChannelData = Omit<z.infer<typeof priorityChannelResponse>, 'ok'>;

// GET /settings/priority_channel: the order, soft_priority, and which channels have priority data.
export function priorityChannelQuery(accId: number | null) {
  return queryOptions({
    queryKey: settingsQueryKey('priority_channel', accId),
    queryFn: ({ signal }): Promise<PriorityChannelData> =>
      api
        .request({ path: '/settings/priority_channel', schema: priorityChannelResponse, signal })
        .then(({ data, available }) => ({ data, available })),
  });
}

// The channels with priority data, for the menu (SPEC 6). Only asked for when `enabled`: users
// without the settings right would be refused.
export function usePriorityChannelsAvailable(accId: number | null, enabled: boolean) {
  return useQuery({
    ...priorityChannelQuery(accId),
    enabled: enabled && accId !== null,
    select: (answer): readonly PriorityChannel[] => answer.available,
  });
}
