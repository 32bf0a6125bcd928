import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BotLinkKind } from '@salon/contract/bot-links';
import {
  sandboxBotBody,
  sandboxBotStartBody,
  sandboxNetworkBody,
  sandboxPairingBody,
  sandboxReplyBody,
  sandboxResultResponse,
  sandboxScanBody,
} from '@salon/contract/dev-sandbox';
import { api } from '../../../shared/api/api';
import type { NetworkEvent } from '../sandbox-rules';
import { sandboxMessagesKey } from './get-sandbox-messages';
import { sandboxStateKey } from './get-sandbox-state';

// What the simulated phone and clients do: scan a QR, type a pairing code, reply, a network event,
// or a client on the salon's bots (open a deep link and press Start, share the number, stop the bot).
export type SandboxAction =
  | { type: 'scan'; qr: string; phone: string }
  | { type: 'pairing'; code: string }
  | { type: 'reply'; phone: string; text: string; name?: string }
  | { type: 'network'; instanceId: string; event: NetworkEvent }
  | { type: 'botStart'; phone: string; link: string; name?: string }
  | { type: 'botContact'; phone: string; kind: BotLinkKind; name?: string }
  | { type: 'botStop'; phone: string; kind: BotLinkKind };

const CLIENT_SIDE: ReadonlySet<SandboxAction['type']> = new Set(['reply', 'botStart', 'botContact', 'botStop']);
const withName = (name?: string) => (name ? { name } : {});

function request(action: SandboxAction) {
  switch (action.type) {
    case 'scan':
      return { path: '/dev/sandbox/scan', body: sandboxScanBody.parse({ qr: action.qr, phone: action.phone }) };
    case 'pairing':
      return { path: '/dev/sandbox/pairing', body: sandboxPairingBody.parse({ code: action.code }) };
    case 'reply':
      return {
        path: '/dev/sandbox/reply',
        body: sandboxReplyBody.parse({
          phone: action.phone,
          text: action.text,
          ...(action.name ? { name: action.name } : {}),
        }),
      };
    case 'network':
      return {
        path: '/dev/sandbox/network',
        body: sandboxNetworkBody.parse({ instance_id: action.instanceId, event: action.event }),
      };
    case 'botStart':
      return {
        path: '/dev/sandbox/bot/start',
        body: sandboxBotStartBody.parse({ phone: action.phone, link: action.link, ...withName(action.name) }),
      };
    case 'botContact':
      return {
        path: '/dev/sandbox/bot/share_contact',
        body: sandboxBotBody.parse({ phone: action.phone, kind: action.kind, ...withName(action.name) }),
      };
    case 'botStop':
      return { path: '/dev/sandbox/bot/stop', body: sandboxBotBody.parse({ phone: action.phone, kind: action.kind }) };
  }
}

// POST /dev/sandbox/scan | pairing | reply | network | bot/start | bot/share_contact | bot/stop ?acc_id → {ok, result}, for that branch only.
export function sendSandboxAction(accId: number, action: SandboxAction) {
  const { path, body } = request(action);
  return api.request({ method: 'POST', path, query: { acc_id: accId }, body, schema: sandboxResultResponse });
}

export function useSandboxAction(accId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SandboxAction) => sendSandboxAction(accId, action),
    onSuccess: (_answer, action) => {
      const key = CLIENT_SIDE.has(action.type) ? sandboxMessagesKey(accId) : sandboxStateKey(accId);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
