import { loyaltySavedResponse, switchActionInput, type LoyaltySavedResponse } from '@salon/contract/loyalty';
import { api } from '../../../shared/api/api';
import { track } from '../../../shared/metrics/track';

export interface SwitchAction {
  id: number;
  active: boolean;
}

// PUT /loyalty/switch_action {loyalty_action_id, status_action}; switching off also turns off the
// templates that offer the action (SPEC 4 disable-warning).
export function switchLoyaltyAction({ id, active }: SwitchAction): Promise<LoyaltySavedResponse> {
  if (!active) track('friend_promo_stop', { id });
  return api.request({
    method: 'PUT',
    path: '/loyalty/switch_action',
    body: switchActionInput.parse({ loyalty_action_id: id, status_action: active }),
    schema: loyaltySavedResponse,
  });
}
