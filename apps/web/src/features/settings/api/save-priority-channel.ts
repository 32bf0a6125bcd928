import { priorityChannelSaved, type PriorityChannelBody } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';
import type { PriorityChannelData } from './get-priority-channel';

// POST /settings/priority_channel: answers the saved order and the channels with data.
export function savePriorityChannel(body: PriorityChannelBody): Promise<PriorityChannelData> {
  return api
    .request({ method: 'POST', path: '/settings/priority_channel', body, schema: priorityChannelSaved })
    .then(({ data, available }) => ({ data, available }));
}
