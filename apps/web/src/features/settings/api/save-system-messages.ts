import { systemMessagesSaved, type SystemMessages } from '@salon/contract/settings';
import { api } from '../../../shared/api/api';

// POST /settings/system_messages: answers the saved settings.
export function saveSystemMessages(body: SystemMessages): Promise<SystemMessages> {
  return api
    .request({ method: 'POST', path: '/settings/system_messages', body, schema: systemMessagesSaved })
    .then((a) => a.data);
}
