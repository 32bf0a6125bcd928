import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_MIDDLE_STEPS, MAX_REVIEW_SITES, REVIEW_STATUS } from '@salon/contract/reviews';
import { isApiError } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/use-session';
import { showToast, type ToastKind } from '../../../shared/toast/show-toast';
import { reviewQuery } from '../api/get-review';
import { reviewKeys } from '../api/review-keys';
import { saveChain } from '../api/save-review';
import {
  draftFingerprint,
  draftProblems,
  hasProblems,
  problemsOf,
  stepsCount,
  toData,
  type ChainDraft,
  type ChainNotice,
  type ChainProblems,
  type EditResult,
} from '../review-chain-rules';

const NOTICE_KINDS: Record<ChainNotice, ToastKind> = {
  tooManySteps: 'warning',
  chainInactive: 'warning',
  visitsQuantityError: 'warning',
  invalidEntry: 'warning',
  duplicateEntry: 'warning',
  maxSites: 'warning',
};

export interface ChainEditor {
  draft: ChainDraft;
  dirty: boolean;
  problems: ChainProblems;
  // The 'too many steps' flag of SPEC 4: raised by a refused fourth middle step until one is removed.
  tooManySteps: boolean;
  saving: boolean;
  // Applies a change; a rule may refuse it with a notice (shown as a toast and returned).
  edit: (change: (draft: ChainDraft) => ChainDraft | EditResult) => ChainNotice | null;
  save: () => Promise<number | null>;
  discard: () => void;
}

// The chain editor's state: the draft, its SPEC 4/5 rules, the contract's checks before the save,
// the save itself and the server's answer mapped back to the fields (SPEC 8).
export function useChainEditor(loaded: ChainDraft): ChainEditor {
  const { t } = useTranslation(['reviews', 'errors']);
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const [draft, setDraft] = useState<ChainDraft | null>(null);
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<ChainProblems>({});
  const [tooMany, setTooMany] = useState(false);
  const value = draft ?? loaded;
  const baseline = useMemo(() => draftFingerprint(loaded), [loaded]);
  const dirty = draft !== null && draftFingerprint(draft) !== baseline;

  const mutation = useMutation({
    // A saved chain is read back before the save counts as done, so the form never shows old values.
    mutationFn: async (current: ChainDraft) => {
      const id = await saveChain({ id: current.id, stepsCount: stepsCount(current), data: toData(current) });
      if (current.id !== null) {
        await queryClient.fetchQuery({ ...reviewQuery(accId, id), staleTime: 0 }).catch(() => undefined);
      }
      return id;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.list(accId) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.stats(accId) });
    },
  });

  const problems = useMemo(
    () => ({ ...serverProblems, ...(tried ? draftProblems(value) : {}) }),
    [serverProblems, tried, value],
  );

  return {
    draft: value,
    dirty,
    problems,
    tooManySteps: tooMany && value.middle.length >= MAX_MIDDLE_STEPS,
    saving: mutation.isPending,
    edit: (change) => {
      const result = change(value);
      const next: EditResult = 'notice' in result ? result : { draft: result, notice: null };
      if (next.draft !== value) {
        setDraft(next.draft);
        if (Object.keys(serverProblems).length > 0) setServerProblems({});
      }
      if (next.notice === 'tooManySteps') setTooMany(true);
      if (next.notice) {
        showToast(
          NOTICE_KINDS[next.notice],
          t(`reviews:notice.${next.notice}`, { max: MAX_MIDDLE_STEPS, sites: MAX_REVIEW_SITES }),
        );
      }
      return next.notice;
    },
    save: async () => {
      if (mutation.isPending) return null;
      setTried(true);
      if (hasProblems(draftProblems(value))) {
        showToast('warning', t('reviews:toast.fixProblems'));
        return null;
      }
      try {
        const id = await mutation.mutateAsync(value);
        setDraft(null);
        setTried(false);
        setServerProblems({});
        showToast('success', t('reviews:toast.saved'));
        return id;
      } catch (error) {
        const fromServer = isApiError(error)
          ? problemsOf(error.issues.map((issue) => ({ path: issue.path.split('.'), code: issue.code })))
          : {};
        setServerProblems(fromServer);
        if (hasProblems(fromServer)) showToast('error', t('reviews:toast.fixProblems'));
        else if (isApiError(error) && error.status === REVIEW_STATUS.notFound)
          showToast('error', t('reviews:toast.notFound'));
        else showToast('error', t(`errors:${statusMessageKey(error)}`));
        return null;
      }
    },
    discard: () => {
      setDraft(null);
      setTried(false);
      setServerProblems({});
      setTooMany(false);
    },
  };
}
