// Pure helpers over the actions list (GET /loyalty/loyalty_actions), shared by the pages and the pickers.

// The actions in the server's display order; actions the order misses follow, ids it names twice
// or that have no action are skipped.
export function orderedActions<T extends { loyalty_action_id: number }>(
  data: readonly T[],
  order: readonly number[],
): T[] {
  const byId = new Map(data.map((action) => [action.loyalty_action_id, action]));
  const seen = new Set<number>();
  const result: T[] = [];
  for (const id of [...order, ...data.map((action) => action.loyalty_action_id)]) {
    const action = byId.get(id);
    if (!action || seen.has(id)) continue;
    seen.add(id);
    result.push(action);
  }
  return result;
}

export interface LoyaltyActionOption {
  value: string;
  label: string;
}

// The pickers' options (id → title); an id the list no longer has (a deleted action still linked)
// stays as a numbered entry so it can be seen and removed.
export function loyaltyActionOptions(
  answer: { data: readonly { loyalty_action_id: number; title: string }[]; order: readonly number[] } | undefined,
  linkedId: number | null,
  missingLabel: (id: number) => string,
): LoyaltyActionOption[] {
  const options = orderedActions(answer?.data ?? [], answer?.order ?? []).map((action) => ({
    value: String(action.loyalty_action_id),
    label: action.title,
  }));
  if (linkedId !== null && !options.some((option) => option.value === String(linkedId)))
    options.push({ value: String(linkedId), label: missingLabel(linkedId) });
  return options;
}
