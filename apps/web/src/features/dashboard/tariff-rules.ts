// The connection page's channel states (contract accounts CHANNEL_STATUSES) as the tariff card
// words them; a state the cabinet does not know yet reads as not connected.
export type ChannelStatusKey = 'authenticated' | 'connecting' | 'blocked' | 'error' | 'off' | 'noPay';

const KEYS: Record<string, ChannelStatusKey> = {
  authenticated: 'authenticated',
  'got qr code': 'connecting',
  loading: 'connecting',
  blocked: 'blocked',
  error: 'error',
  drop: 'off',
  not_authenticated: 'off',
  no_pay: 'noPay',
};

const COLORS: Record<ChannelStatusKey, string> = {
  authenticated: 'teal',
  connecting: 'blue',
  blocked: 'red',
  error: 'red',
  off: 'gray',
  noPay: 'orange',
};

export function channelStatusKey(status: string): ChannelStatusKey {
  return KEYS[status] ?? 'off';
}

export function channelStatusColor(status: string): string {
  return COLORS[channelStatusKey(status)];
}
