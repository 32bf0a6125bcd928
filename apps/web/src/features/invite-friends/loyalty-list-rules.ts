import type { LoyaltyActionWire, LoyaltyActionsResponse } from '@salon/contract/loyalty';

// The actions list cache after a change the server confirmed (SPEC 4: delete removes the item and
// its order entry; duplicate appends the copy).

export function withoutAction(list: LoyaltyActionsResponse, id: number): LoyaltyActionsResponse {
  return {
    data: list.data.filter((action) => action.loyalty_action_id !== id),
    order: list.order.filter((entry) => entry !== id),
  };
}

export function withAppended(
  list: LoyaltyActionsResponse,
  added: readonly LoyaltyActionWire[],
): LoyaltyActionsResponse {
  const fresh = added.filter((action) => !list.data.some((a) => a.loyalty_action_id === action.loyalty_action_id));
  return {
    data: [...list.data, ...fresh],
    order: [...list.order, ...fresh.map((action) => action.loyalty_action_id)],
  };
}

// One action replaced by the server's copy of it (after a switch or a save).
export function withReplaced(list: LoyaltyActionsResponse, action: LoyaltyActionWire): LoyaltyActionsResponse {
  return {
    ...list,
    data: list.data.map((a) => (a.loyalty_action_id === action.loyalty_action_id ? action : a)),
  };
}

export function withActive(list: LoyaltyActionsResponse, id: number, active: boolean): LoyaltyActionsResponse {
  return {
    ...list,
    data: list.data.map((a) => (a.loyalty_action_id === id ? { ...a, active } : a)),
  };
}
