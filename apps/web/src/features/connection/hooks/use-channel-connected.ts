import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChannelCode } from '@salon/contract/connection';
import { accountsQueryKey } from '../../../shared/accounts/accounts-query';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { connectionQueryKey } from '../api/get-connection';

// A channel just became authenticated: fresh figures for the page, and the menu's indicator
// (read from the accounts) turns green.
export function useChannelConnected(channel: ChannelCode) {
  const { t } = useTranslation('connection');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useCallback(() => {
    showToast('success', t('toast.connected', { channel: t(`channel.${channel}`) }));
    void queryClient.invalidateQueries({ queryKey: connectionQueryKey(accId) });
    void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
  }, [t, queryClient, accId, channel]);
}
