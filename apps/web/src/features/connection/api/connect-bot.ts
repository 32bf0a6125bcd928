import { useMutation } from '@tanstack/react-query';
import { botTokenBody, botTokenResponse } from '@salon/contract/connection';
import { api } from '../../../shared/api/api';
import type { BotCode } from '../channel-state';

const PATHS: Record<BotCode, string> = { TGB: '/connection/tg_bot/token', MAX: '/connection/max/token' };

export interface ConnectBotInput {
  channel: BotCode;
  token: string;
}

// POST /connection/tg_bot/token or /connection/max/token {token}: the server checks the token with
// the messenger and keeps it; the answer names the bot or says why it was refused.
export function connectBot({ channel, token }: ConnectBotInput) {
  return api.request({
    method: 'POST',
    path: PATHS[channel],
    body: botTokenBody.parse({ token }),
    schema: botTokenResponse,
  });
}

// The page is refreshed by the caller on success (useChannelConnected), as the QR logins do.
export function useConnectBot() {
  return useMutation({ mutationFn: connectBot });
}
