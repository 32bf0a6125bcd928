import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelCode } from '@salon/contract/connection';
import type { ChannelUiState } from '../channel-state';

const COLORS: Record<ChannelUiState, string> = {
  authenticated: 'teal',
  noConnect: 'blue',
  notConnected: 'gray',
  notSetUp: 'gray',
  loading: 'blue',
  error: 'red',
  requestError: 'red',
  blocked: 'red',
  notPaid: 'orange',
  drop: 'yellow',
};

// The channel's UI state; e2e reads it from data-state.
export function ChannelStatusBadge({ channel, state }: { channel: ChannelCode; state: ChannelUiState }) {
  const { t } = useTranslation('connection');
  return (
    <Badge
      variant="light"
      color={COLORS[state]}
      data-testid={`${channel.toLowerCase()}-status`}
      data-state={state}
      style={{ flex: 'none' }}
    >
      {t(`state.${state}`)}
    </Badge>
  );
}
