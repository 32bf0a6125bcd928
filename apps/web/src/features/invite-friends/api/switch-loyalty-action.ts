import { loyaltySavedResponse, switchActionInput, type LoyaltySavedResponse } from '@salon/contract/loyalty';
import { api } from '../../../shared/api/api';

export interface SwitchAction {
  id: number;
  active: boolean;
}

// PUT /loyalty/switch_action {loyalty_action_id, status_action}; switching off also turns off the
// templates that offer the action (SPEC 4 disable-warning).
export function switchLoyaltyAction({ id, active }: SwitchAction): Promise<LoyaltySavedResponse> {
  return api.request({
    method: 'PUT',
    path: '/loyalty/switch_action',
    body: switchActionInput.parse({ loyalty_action_id: id, status_action: active }),
    schema: loyaltySavedResponse,
  });
}
