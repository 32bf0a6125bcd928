import { blacklistActionResponse, blacklistBody } from '@salon/contract/blacklist';
import { api } from '../../../shared/api/api';
import type { BlacklistAction } from '../blacklist-rules';

export interface BlacklistChange {
  action: BlacklistAction;
  phone: string;
}

// POST /blacklist {action, phone}: answers the status text and the whole list after the change.
export function updateBlacklist(change: BlacklistChange) {
  return api.request({
    method: 'POST',
    path: '/blacklist',
    body: blacklistBody.parse(change),
    schema: blacklistActionResponse,
  });
}
