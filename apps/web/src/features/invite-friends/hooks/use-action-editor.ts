import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOYALTY_STATUS } from '@salon/contract/loyalty';
import { isApiError } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { loyaltyActionQuery } from '../api/get-loyalty-action';
import { loyaltyActionKeys } from '../api/loyalty-action-keys';
import { saveLoyaltyAction } from '../api/save-loyalty-action';
import {
  actionProblems,
  createdId,
  goesOn,
  draftFingerprint,
  hasProblems,
  saveOutcome,
  setDraftActive,
  type ActionDraft,
  type ActionField,
  type CardsState,
} from '../loyalty-action-rules';
import type { LoyaltyNotice } from '../components/notice-modal';

// The server's field names (contract loyalty.ts) → the form's fields, for its validation issues.
const SERVER_FIELDS: Record<string, ActionField> = {
  title: 'title',
  bonus_type: 'bonusType',
  loyalty_points: 'loyaltyPoints',
  new_customer_points: 'newCustomerPoints',
  interest_regular_customer: 'interest',
  range_of_visits: 'rangeOfVisits',
  monthly_limit: 'monthlyLimit',
};
const KNOWN_CODES = [
  'required',
  'too_long',
  'visit_range',
  'interest_range',
  'bonus_required',
  'digits_only',
  'bonus_range',
];

export type ServerProblems = Partial<Record<ActionField, string>>;

function serverProblemsOf(error: unknown): ServerProblems {
  if (!isApiError(error)) return {};
  const problems: ServerProblems = {};
  for (const issue of error.issues) {
    const name = issue.path.replace(/^body\./, '').split('.')[0] ?? '';
    const field = SERVER_FIELDS[name];
    if (field) problems[field] = KNOWN_CODES.includes(issue.code) ? issue.code : 'invalid';
  }
  return problems;
}

function noticeOf(error: unknown): LoyaltyNotice | null {
  if (!isApiError(error)) return null;
  if (error.status === LOYALTY_STATUS.noCardType) return 'noCardType';
  if (error.status === LOYALTY_STATUS.cardTypesUnavailable) return 'cardsUnavailable';
  return null;
}

export interface ActionEditor {
  draft: ActionDraft;
  dirty: boolean;
  problems: Partial<Record<ActionField, string>>;
  saving: boolean;
  notice: LoyaltyNotice | null;
  closeNotice: () => void;
  edit: (change: (draft: ActionDraft) => ActionDraft) => void;
  // Switching on passes SPEC 4's checks (a refusal opens its modal); off always goes through.
  setActive: (active: boolean) => void;
  // null when nothing was saved; else the saved action's id (null if a create did not name it).
  save: () => Promise<{ id: number | null } | null>;
  discard: () => void;
}

// The action form's state: the draft, SPEC 4/5 rules, the save and what its answer means.
export function useActionEditor(loaded: ActionDraft, cards: CardsState): ActionEditor {
  const { t } = useTranslation(['invite-friends', 'errors']);
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const [draft, setDraft] = useState<ActionDraft | null>(null);
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<ServerProblems>({});
  const [notice, setNotice] = useState<LoyaltyNotice | null>(null);
  const value = draft ?? loaded;
  const baseline = useMemo(() => draftFingerprint(loaded), [loaded]);
  const dirty = draft !== null && draftFingerprint(draft) !== baseline;

  const mutation = useMutation({
    mutationFn: async (current: ActionDraft) => {
      const answer = await saveLoyaltyAction(current);
      // A saved action is read back before the save counts as done, so the form never shows old values.
      if (saveOutcome(answer) === 'saved' && current.id !== null) {
        await queryClient.fetchQuery({ ...loyaltyActionQuery(accId, current.id), staleTime: 0 }).catch(() => undefined);
      }
      return answer;
    },
    onSuccess: (answer) => {
      if (saveOutcome(answer) === 'noPermission') return;
      void queryClient.invalidateQueries({ queryKey: loyaltyActionKeys.list(accId) });
      void queryClient.invalidateQueries({ queryKey: loyaltyActionKeys.stats(accId) });
      // An action saved off is offered by no template any more (templates/api/template-keys.ts).
      if (answer.data && !answer.data.active) void queryClient.invalidateQueries({ queryKey: ['templates', accId] });
    },
  });

  const problems = useMemo(
    () => ({ ...serverProblems, ...(tried ? actionProblems(value) : {}) }),
    [serverProblems, tried, value],
  );

  const change = (next: ActionDraft) => {
    if (next === value) return;
    setDraft(next);
    if (Object.keys(serverProblems).length > 0) setServerProblems({});
  };

  return {
    draft: value,
    dirty,
    problems,
    saving: mutation.isPending,
    notice,
    closeNotice: () => setNotice(null),
    edit: (fn) => change(fn(value)),
    setActive: (active) => {
      const result = setDraftActive(value, active, cards);
      if (result.block) setNotice(result.block);
      else change(result.draft);
    },
    save: async () => {
      if (mutation.isPending) return null;
      setTried(true);
      if (hasProblems(actionProblems(value))) {
        showToast('warning', t('invite-friends:toast.fixProblems'));
        return null;
      }
      // Activation is checked when the action goes on or changes card while on (as the server does);
      // an action already on keeps saving while card types are unavailable.
      const block = goesOn(loaded, value) ? setDraftActive(value, true, cards).block : null;
      if (block) {
        setNotice(block);
        return null;
      }
      try {
        const answer = await mutation.mutateAsync(value);
        if (saveOutcome(answer) === 'noPermission') {
          setNotice('noPermission');
          return null;
        }
        showToast('success', t('invite-friends:toast.saved'));
        setTried(false);
        setServerProblems({});
        // A new action moves on to its own address; its draft stays until then (no flash of defaults).
        if (value.id === null) return { id: createdId(answer) };
        setDraft(null);
        return { id: value.id };
      } catch (error) {
        const blocked = noticeOf(error);
        const fromServer = serverProblemsOf(error);
        setServerProblems(fromServer);
        if (blocked) setNotice(blocked);
        else if (Object.keys(fromServer).length > 0) showToast('error', t('invite-friends:toast.fixProblems'));
        else showToast('error', t(`errors:${statusMessageKey(error)}`));
        return null;
      }
    },
    discard: () => {
      setDraft(null);
      setTried(false);
      setServerProblems({});
    },
  };
}
