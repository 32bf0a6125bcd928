import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keyPhraseSettings, keyPhraseSettingsResponse, type KeyPhraseSettings } from '@salon/contract/auto-responses';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { keyPhraseKeys } from './key-phrase-keys';

export function keyPhraseSettingsQuery(accId: number | null) {
  return queryOptions({
    queryKey: keyPhraseKeys.settings(accId),
    queryFn: ({ signal }) => api.request({ path: '/key_phrases_settings', schema: keyPhraseSettingsResponse, signal }),
  });
}

// GET /key_phrases_settings: the reply period and the pause after the salon writes itself.
export function useKeyPhraseSettings() {
  const { accId } = useSession();
  return useQuery(keyPhraseSettingsQuery(accId));
}

// POST /key_phrases_settings {period_hours, pause_minutes}; the answer is the stored settings.
export function saveKeyPhraseSettings(settings: KeyPhraseSettings) {
  return api.request({
    method: 'POST',
    path: '/key_phrases_settings',
    body: keyPhraseSettings.parse(settings),
    schema: keyPhraseSettingsResponse,
  });
}

export function useSaveKeyPhraseSettings() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: saveKeyPhraseSettings,
    onSuccess: (answer) => queryClient.setQueryData(keyPhraseKeys.settings(accId), answer),
  });
}
