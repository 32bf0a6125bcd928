import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAccessDenied } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import {
  SETTINGS_RELOAD_MS,
  clearFieldErrors,
  hasFieldErrors,
  recheckFields,
  serverFieldErrors,
  settingsPageState,
  type FieldErrorKey,
  type FieldErrors,
  type SettingsPageState,
} from '../settings-page-state';

export interface SettingsFormOptions<TData, TDraft, TKey extends QueryKey> {
  // The section's query options (get-*.ts).
  query: UseQueryOptions<TData, Error, TData, TKey> & { queryKey: TKey };
  toDraft: (data: TData) => TDraft;
  save: (draft: TDraft) => Promise<TData>;
  // Client rules checked before anything is sent.
  validate?: (draft: TDraft) => FieldErrors;
  // Field problems a rejected save names (see serverFieldErrors).
  serverError?: (field: string, code: string) => readonly [string, FieldErrorKey] | null;
  // Other cached answers a save changes (the menu's channel count after an SMS provider change).
  alsoChanges?: readonly QueryKey[];
}

export interface SettingsForm<TDraft> {
  state: SettingsPageState;
  // The form's values: the user's edits, else the last loaded ones. Null until loaded.
  value: TDraft | null;
  dirty: boolean;
  fieldErrors: FieldErrors;
  // The saved message, shown for about 500 ms after a save (SPEC 4).
  justSaved: boolean;
  loadError: unknown;
  saveError: unknown;
  update: (patch: Partial<TDraft>) => void;
  // Runs the client rules for some fields only (on blur).
  check: (fields: readonly string[]) => void;
  submit: () => void;
  reset: () => void;
  retry: () => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// The SPEC 4 settings page states around one GET/POST pair: load, edit, check, save (with the
// common save-error toast), show the saved message briefly, and reload 500 ms later (SPEC 9).
export function useSettingsForm<TData, TDraft extends object, TKey extends QueryKey>(
  options: SettingsFormOptions<TData, TDraft, TKey>,
): SettingsForm<TDraft> {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const query = useQuery(options.query);
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saves, setSaves] = useState(0);
  const [justSaved, setJustSaved] = useState(false);

  const { toDraft } = options;
  const loaded = useMemo(() => (query.data === undefined ? null : toDraft(query.data)), [query.data, toDraft]);
  const value = draft ?? loaded;

  const mutation = useMutation({
    mutationFn: options.save,
    onSuccess: (saved) => {
      queryClient.setQueryData<TData>(options.query.queryKey, saved);
      for (const key of options.alsoChanges ?? []) void queryClient.invalidateQueries({ queryKey: key });
      setDraft(null);
      setJustSaved(true);
      setSaves((n) => n + 1);
      showToast('success', t('save.success'));
    },
    onError: (error) => {
      if (isAccessDenied(error)) return;
      if (options.serverError) setFieldErrors(serverFieldErrors(error, options.serverError));
      showToast('error', t('save.error'));
    },
  });

  const afterSave = useEffectEvent(() => {
    setJustSaved(false);
    void queryClient.invalidateQueries({ queryKey: options.query.queryKey, exact: true });
  });
  useEffect(() => {
    if (saves === 0) return;
    const timer = window.setTimeout(afterSave, SETTINGS_RELOAD_MS);
    return () => window.clearTimeout(timer);
  }, [saves]);

  const state = settingsPageState({
    hasData: value !== null,
    loadError: query.error,
    saving: mutation.isPending,
    saveError: mutation.error,
  });

  return {
    state,
    value,
    dirty: draft !== null && loaded !== null && !same(draft, loaded),
    fieldErrors,
    justSaved,
    loadError: query.error,
    saveError: mutation.error,
    update: (patch) => {
      if (value === null) return;
      setDraft({ ...value, ...patch });
      setFieldErrors((current) => clearFieldErrors(current, Object.keys(patch)));
      if (mutation.isError) mutation.reset();
    },
    check: (fields) => {
      if (value === null || !options.validate) return;
      const problems = options.validate(value);
      setFieldErrors((current) => recheckFields(current, problems, fields));
    },
    submit: () => {
      if (value === null || mutation.isPending) return;
      const problems = options.validate?.(value) ?? {};
      setFieldErrors(problems);
      if (hasFieldErrors(problems)) return;
      mutation.mutate(value);
    },
    reset: () => {
      setDraft(null);
      setFieldErrors({});
      mutation.reset();
    },
    retry: () => void query.refetch(),
  };
}
