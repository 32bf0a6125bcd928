import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChannelCode, ConnectionResponse } from '@salon/contract/connection';
import { useSession } from '../../../shared/session/use-session';
import { useChannelStatusPoll } from '../api/get-channel-status';
import { channelStateOf, connectionQueryKey, withChannelState } from '../api/get-connection';
import { useChannelConnected } from './use-channel-connected';

interface WatchOptions {
  channel: ChannelCode;
  active: boolean;
  maxPolls: number;
  waitId: string;
}

// Polls the channel's status while a login waits and folds each change into the page's data,
// so the page shows the new state without reloading both channels every 2 s. Returns the polls made.
export function useChannelWatch({ channel, active, maxPolls, waitId }: WatchOptions): number {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const connected = useChannelConnected(channel);
  const poll = useChannelStatusPoll({ channel, active, maxPolls, waitId });
  const status = poll.data?.status;
  const phone = poll.data?.phone ?? null;

  useEffect(() => {
    if (status === undefined) return;
    const key = connectionQueryKey(accId);
    const current = queryClient.getQueryData<ConnectionResponse>(key);
    if (!current || channelStateOf(current, channel).status === status) return;
    queryClient.setQueryData(key, withChannelState(current, channel, { status, phone }));
    if (status === 'authenticated') connected();
  }, [status, phone, accId, channel, queryClient, connected]);

  return poll.polls;
}
