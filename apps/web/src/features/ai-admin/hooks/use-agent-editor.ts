import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_STATUS, type AgentSettings } from '@salon/contract/ai-agents';
import { isApiError } from '../../../shared/api/api-error';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { usePatchAgent } from '../api/patch-agent';
import { fingerprint } from '../ai-settings-rules';

// The contract's validation codes (ai-agents.ts), shown under the field the server named.
const KNOWN_CODES = [
  'invalid_time',
  'digits_only',
  'aggregation_range',
  'lookup_range',
  'invalid_phone',
  'unknown_id',
] as const;
export type AgentProblemCode = (typeof KNOWN_CODES)[number] | 'invalid';
export type AgentProblems = Partial<Record<keyof AgentSettings, AgentProblemCode>>;

function serverProblemsOf(error: unknown): AgentProblems {
  if (!isApiError(error)) return {};
  const problems: AgentProblems = {};
  for (const issue of error.issues) {
    // 'body.settings.night_mode_schedule.start' → night_mode_schedule
    const name = issue.path
      .replace(/^body\./, '')
      .replace(/^settings\./, '')
      .split('.')[0] as keyof AgentSettings;
    problems[name] = (KNOWN_CODES as readonly string[]).includes(issue.code)
      ? (issue.code as AgentProblemCode)
      : 'invalid';
  }
  return problems;
}

export interface AgentEditor<D> {
  draft: D;
  dirty: boolean;
  saving: boolean;
  problems: AgentProblems;
  edit: (change: Partial<D>) => void;
  save: () => Promise<boolean>;
  // Saves the tab's whole draft here and into the chosen branches.
  copyTo: (accIds: number[]) => Promise<boolean>;
  copying: boolean;
  discard: () => void;
}

// One tab's form over the agent: its draft, the PATCH of what changed and what the answer means.
export function useAgentEditor<D extends Partial<AgentSettings>>(
  loaded: D,
  toPatch: (loaded: D, draft: D) => Partial<AgentSettings>,
): AgentEditor<D> {
  const { t } = useTranslation(['ai-admin', 'errors']);
  const patch = usePatchAgent();
  const [draft, setDraft] = useState<D | null>(null);
  const [problems, setProblems] = useState<AgentProblems>({});
  const [copying, setCopying] = useState(false);
  const value = draft ?? loaded;
  const baseline = useMemo(() => fingerprint(loaded), [loaded]);
  const dirty = draft !== null && fingerprint(draft) !== baseline;

  const fail = (error: unknown) => {
    const fromServer = serverProblemsOf(error);
    setProblems(fromServer);
    if (isApiError(error) && error.status === AI_STATUS.notPaid) showToast('error', t('ai-admin:toast.notPaid'));
    else if (isApiError(error) && error.status === AI_STATUS.crmUnavailable)
      showToast('error', t('ai-admin:toast.crmUnavailable'));
    else if (Object.keys(fromServer).length > 0) showToast('error', t('ai-admin:toast.fixProblems'));
    else showToast('error', t(`errors:${statusMessageKey(error)}`));
  };

  return {
    draft: value,
    dirty,
    saving: patch.isPending && !copying,
    problems,
    copying,
    edit: (change) => {
      // Two changes in one event (a blur's clamp, then a click) must both land.
      setDraft((current) => ({ ...(current ?? loaded), ...change }));
      if (Object.keys(problems).length > 0) setProblems({});
    },
    save: async () => {
      if (patch.isPending) return false;
      try {
        await patch.mutateAsync({ settings: toPatch(loaded, value) });
        setDraft(null);
        setProblems({});
        showToast('success', t('ai-admin:toast.saved'));
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    copyTo: async (accIds) => {
      if (patch.isPending) return false;
      setCopying(true);
      try {
        // Everything of the tab goes, not only what changed: the other branches may differ.
        const whole = toPatch({} as D, value);
        await patch.mutateAsync({ settings: whole, copyTo: accIds });
        setDraft(null);
        showToast('success', t('ai-admin:toast.copied', { count: accIds.length }));
        return true;
      } catch (error) {
        fail(error);
        return false;
      } finally {
        setCopying(false);
      }
    },
    discard: () => {
      setDraft(null);
      setProblems({});
    },
  };
}
