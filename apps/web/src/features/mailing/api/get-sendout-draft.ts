import { sendoutDraftResponse } from '@salon/contract/mailing-sendouts';
import { api } from '../../../shared/api/api';

// GET /sendout_draft?sendout_id: the kept draft is still on the server (a 404 when it is gone).
export function getSendoutDraft(sendoutId: string) {
  return api.request({
    host: 'mailing',
    path: '/sendout_draft',
    query: { sendout_id: sendoutId },
    schema: sendoutDraftResponse,
  });
}
