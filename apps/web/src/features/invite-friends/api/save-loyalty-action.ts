import {
  loyaltyActionInput,
  loyaltyActionUpdate,
  loyaltySavedResponse,
  type LoyaltySavedResponse,
} from '@salon/contract/loyalty';
import { api } from '../../../shared/api/api';
import { track } from '../../../shared/metrics/track';
import { toActionInput, toActionUpdate, type ActionDraft } from '../loyalty-action-rules';

// POST /loyalty/create (a new action) or PUT /loyalty/loyalty_action (a saved one). The answer
// says whether the CRM granted the loyalty rights (SPEC 4); the caller decides what it means.
export function saveLoyaltyAction(draft: ActionDraft): Promise<LoyaltySavedResponse> {
  if (draft.id !== null) {
    return api.request({
      method: 'PUT',
      path: '/loyalty/loyalty_action',
      body: loyaltyActionUpdate.parse(toActionUpdate({ ...draft, id: draft.id })),
      schema: loyaltySavedResponse,
    });
  }
  track('friend_promo_create');
  return api.request({
    method: 'POST',
    path: '/loyalty/create',
    body: loyaltyActionInput.parse(toActionInput(draft)),
    schema: loyaltySavedResponse,
  });
}
