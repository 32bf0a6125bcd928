import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelBody, connectActionResponse } from '@salon/contract/connection';
import { api } from '../../../shared/api/api';
import { track } from '../../../shared/metrics/track';
import { useSession } from '../../../shared/session/use-session';
import type { BotCode } from '../channel-state';
import { connectionQueryKey } from './get-connection';

// POST /logout_channel {channel}: the bot stops and its token is forgotten.
export function disconnectBot(channel: BotCode) {
  track('connect_stop', { channel });
  return api.request({
    method: 'POST',
    path: '/logout_channel',
    body: channelBody.parse({ channel }),
    schema: connectActionResponse,
  });
}

// Only this page shows the bots (the menu's indicator reads WhatsApp and Telegram): the accounts
// are left alone.
export function useDisconnectBot() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: disconnectBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionQueryKey(accId) }),
  });
}
