import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LOYALTY_STATUS,
  type DependentTemplateWire,
  type LoyaltyActionWire,
  type LoyaltyActionsResponse,
} from '@salon/contract/loyalty';
import { isApiError } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { loyaltyActionQuery } from '../api/get-loyalty-action';
import { loyaltyActionKeys } from '../api/loyalty-action-keys';
import { switchLoyaltyAction, type SwitchAction } from '../api/switch-loyalty-action';
import { activationBlock, activeDependents, saveOutcome, type ActivationBlock } from '../loyalty-action-rules';
import { withActive, withReplaced } from '../loyalty-list-rules';

// The modal the switch may need (SPEC 4): no loyalty rights, an activation that is blocked, or the
// templates that go off with the action.
export type SwitchDialog =
  | { kind: 'noPermission' }
  | { kind: 'block'; block: ActivationBlock }
  | { kind: 'dependents'; action: LoyaltyActionWire; templates: DependentTemplateWire[] };

// A refusal the server words as a status maps to the same activation modals as the client's checks.
function blockOf(error: unknown): ActivationBlock | null {
  if (!isApiError(error)) return null;
  if (error.status === LOYALTY_STATUS.noCardType) return 'noCardType';
  if (error.status === LOYALTY_STATUS.cardTypesUnavailable) return 'cardsUnavailable';
  return null;
}

// The list's active switch: it flips only when the server applied the change.
export function useActionSwitch() {
  const { t } = useTranslation(['invite-friends', 'errors']);
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const [dialog, setDialog] = useState<SwitchDialog | null>(null);
  const [checking, setChecking] = useState<number | null>(null);

  const mutation = useMutation({
    mutationFn: switchLoyaltyAction,
    onSuccess: (answer, { id, active }: SwitchAction) => {
      if (saveOutcome(answer) === 'noPermission') {
        setDialog({ kind: 'noPermission' });
        return;
      }
      setDialog(null);
      queryClient.setQueryData<LoyaltyActionsResponse>(loyaltyActionKeys.list(accId), (list) =>
        list ? (answer.data ? withReplaced(list, answer.data) : withActive(list, id, active)) : list,
      );
      void queryClient.invalidateQueries({ queryKey: loyaltyActionKeys.one(accId, id) });
      void queryClient.invalidateQueries({ queryKey: loyaltyActionKeys.stats(accId) });
      // Switching off turns off the templates that offer the action: the templates' cache
      // (['templates', accId], templates/api/template-keys.ts) is stale now.
      if (!active) void queryClient.invalidateQueries({ queryKey: ['templates', accId] });
      showToast('success', t(active ? 'invite-friends:toast.switchedOn' : 'invite-friends:toast.switchedOff'));
    },
    onError: (error) => {
      const block = blockOf(error);
      if (block) setDialog({ kind: 'block', block });
      else {
        setDialog(null);
        showToast('error', t(`errors:${statusMessageKey(error)}`));
      }
    },
  });

  const request = async (action: LoyaltyActionWire, active: boolean) => {
    const id = action.loyalty_action_id;
    if (active) {
      const block = activationBlock(
        {
          cardType: { ...action.card_type, salonGroupId: action.card_type.salon_group_id },
          bonusType: action.bonus_type,
        },
        'ok',
      );
      if (block) setDialog({ kind: 'block', block });
      else mutation.mutate({ id, active: true });
      return;
    }
    // The dependents are read fresh: templates may have been linked since the list loaded.
    setChecking(id);
    try {
      const one = await queryClient.fetchQuery({ ...loyaltyActionQuery(accId, id), staleTime: 0 });
      const templates = activeDependents(one.all_dependent_templates);
      if (templates.length > 0) setDialog({ kind: 'dependents', action, templates });
      else mutation.mutate({ id, active: false });
    } catch (error) {
      showToast('error', t(`errors:${statusMessageKey(error)}`));
    } finally {
      setChecking(null);
    }
  };

  return {
    dialog,
    closeDialog: () => setDialog(null),
    request: (action: LoyaltyActionWire, active: boolean) => void request(action, active),
    confirmOff: () => {
      if (dialog?.kind === 'dependents') mutation.mutate({ id: dialog.action.loyalty_action_id, active: false });
    },
    // The action whose switch waits for the server (or for its dependents' check).
    busyId: mutation.isPending ? mutation.variables.id : checking,
    pending: mutation.isPending,
  };
}
