import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  connectionResponse,
  type ChannelCode,
  type ChannelStateWire,
  type ConnectionResponse,
} from '@salon/contract/connection';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';

// Between the login waits, which poll every 2 s, the page re-reads both channels this often.
export const CONNECTION_REFRESH_MS = 30_000;

export const connectionQueryKey = (accId: number | null) => ['connection', accId] as const;

export function connectionQuery(accId: number | null) {
  return queryOptions({
    queryKey: connectionQueryKey(accId),
    queryFn: ({ signal }) => api.request({ path: '/connection', schema: connectionResponse, signal }),
    // The channel changes on its own (scans, bans, the governor's pauses): the page starts from a
    // fresh answer and keeps it fresh while open.
    staleTime: 0,
    refetchInterval: CONNECTION_REFRESH_MS,
  });
}

// GET /connection: the four channels, the registry consent and whether the sandbox runs.
export function useConnection() {
  const { accId } = useSession();
  return useQuery(connectionQuery(accId));
}

const FIELD = { WA: 'wa', TG: 'tg', TGB: 'tg_bot', MAX: 'max' } as const satisfies Record<
  ChannelCode,
  keyof ConnectionResponse
>;

export function channelStateOf(data: ConnectionResponse, channel: ChannelCode): ChannelStateWire {
  return data[FIELD[channel]];
}

export function withChannelState(
  data: ConnectionResponse,
  channel: ChannelCode,
  patch: Partial<ChannelStateWire>,
): ConnectionResponse {
  return { ...data, [FIELD[channel]]: { ...channelStateOf(data, channel), ...patch } };
}
