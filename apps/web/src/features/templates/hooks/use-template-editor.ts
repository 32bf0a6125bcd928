import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TemplateWire } from '@salon/contract/templates';
import { MAX_CONTENT_ITEMS } from '@salon/contract/templates-rules';
import { useSession } from '../../../shared/session/use-session';
import { showToast, type ToastKind } from '../../../shared/toast/show-toast';
import { saveTemplate } from '../api/save-template';
import { templateKeys } from '../api/template-keys';
import { templateQuery } from '../api/get-template';
import { draftFingerprint, toDraft, type TemplateDraft } from '../template-draft';
import { applyEdit, type EditNotice, type TemplateEdit } from '../template-edit-rules';
import {
  draftProblems,
  hasProblems,
  saveErrorMessage,
  toSaveRequest,
  unknownKeysByField,
  type DraftProblems,
} from '../template-save-rules';

const NOTICE_KINDS: Record<EditNotice, ToastKind> = {
  didNotComeOff: 'warning',
  didNotComeLocked: 'warning',
  visitsQuantityError: 'warning',
  phoneInvalid: 'warning',
  phoneDuplicate: 'warning',
  maxContentItems: 'warning',
  noParentLink: 'warning',
  fileTooBig: 'error',
  fileUnsupported: 'error',
  fileEmpty: 'error',
};

export interface TemplateEditor {
  draft: TemplateDraft;
  dirty: boolean;
  // Problems shown under the fields: unknown keys always, the rest after a save was tried.
  problems: DraftProblems;
  saving: boolean;
  // Applies a change; answers the notice it raised (a refused change raises one).
  edit: (edit: TemplateEdit) => EditNotice | null;
  // Saves; resolves with the saved id, or null when nothing was sent or the save failed.
  save: () => Promise<number | null>;
  discard: () => void;
}

// The editor's state around one template: the draft, the SPEC 4 transitions with their warnings,
// the checks before save, the multipart save and the server's answer (SPEC 8).
export function useTemplateEditor(initial: TemplateDraft | TemplateWire): TemplateEditor {
  const { t } = useTranslation('templates');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  // A loaded template becomes a draft once per answer; a new one is already a draft.
  const loaded = useMemo(() => ('settings' in initial ? toDraft(initial) : initial), [initial]);
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const [tried, setTried] = useState(false);
  const value = draft ?? loaded;
  const baseline = useMemo(() => draftFingerprint(loaded), [loaded]);
  const dirty = draft !== null && draftFingerprint(draft) !== baseline;

  const mutation = useMutation({
    // The saved template is read back before the save counts as done, so the form never shows
    // the old values in between.
    mutationFn: async (current: TemplateDraft) => {
      const answer = await saveTemplate(toSaveRequest(current));
      await queryClient.fetchQuery({ ...templateQuery(accId, answer.id), staleTime: 0 }).catch(() => undefined);
      return answer;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.list(accId) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.stats(accId) });
    },
  });

  const problems = useMemo(() => {
    if (tried) return draftProblems(value);
    const live: DraftProblems = {};
    for (const [field, keys] of Object.entries(unknownKeysByField(value))) live[field] = { code: 'unknownKeys', keys };
    return live;
  }, [tried, value]);

  return {
    draft: value,
    dirty,
    problems,
    saving: mutation.isPending,
    edit: (change) => {
      const result = applyEdit(value, change);
      if (result.draft !== value) setDraft(result.draft);
      if (result.notice)
        showToast(NOTICE_KINDS[result.notice], t(`notice.${result.notice}`, { max: MAX_CONTENT_ITEMS }));
      return result.notice;
    },
    save: async () => {
      if (mutation.isPending) return null;
      setTried(true);
      if (hasProblems(draftProblems(value))) {
        showToast('warning', t('toast.fixProblems'));
        return null;
      }
      try {
        const answer = await mutation.mutateAsync(value);
        setDraft(null);
        setTried(false);
        showToast('success', t('toast.saved'));
        return answer.id;
      } catch (error) {
        const message = saveErrorMessage(error);
        showToast('error', t(`saveError.${message.key}`, { keys: message.keys ?? '' }));
        return null;
      }
    },
    discard: () => {
      setDraft(null);
      setTried(false);
    },
  };
}
