import { useQuery, useQueryClient } from '@tanstack/react-query';
import { statusChannelResponse, type ChannelCode } from '@salon/contract/connection';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { STATUS_POLL_MS } from '../connect-timing';

// GET /get_status_channel?channel=WA|TG
export function getChannelStatus(channel: ChannelCode, signal?: AbortSignal) {
  return api.request({
    path: '/get_status_channel',
    query: { channel },
    schema: statusChannelResponse,
    ...(signal ? { signal } : {}),
  });
}

interface PollOptions {
  channel: ChannelCode;
  active: boolean;
  maxPolls: number;
  // A new wait (a new QR session, a new pairing code) starts counting from zero.
  waitId: string;
}

// Polls the channel's status every 2 s while active, at most `maxPolls` times (SPEC 9).
export function useChannelStatusPoll({ channel, active, maxPolls, waitId }: PollOptions) {
  const { accId } = useSession();
  const queryClient = useQueryClient();
  const queryKey = ['channel-status', accId, channel, waitId] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => getChannelStatus(channel, signal),
    enabled: active,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.dataUpdateCount + q.state.errorUpdateCount < maxPolls ? STATUS_POLL_MS : false),
  });
  // The observer re-renders on every answer, so the counts read here are current.
  const state = queryClient.getQueryState(queryKey);
  const polls = (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
  return { data: query.data, polls };
}
