import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentPatchBody, agentResponse, type AgentSettings } from '@salon/contract/ai-agents';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { aiAgentKeys } from './ai-agent-keys';

export interface AgentPatch {
  settings: Partial<AgentSettings>;
  // Other branches the same settings go to (SPEC 3 copyTo); none for a plain save.
  copyTo?: number[];
}

// PATCH /api/ai/api/v1/agents/?acc_id {settings, copy_to}: answers the saved agent.
export function patchAgent({ settings, copyTo = [] }: AgentPatch) {
  return api
    .request({
      host: 'ai',
      method: 'PATCH',
      path: '/api/v1/agents/',
      body: agentPatchBody.parse({ settings, copy_to: copyTo }),
      schema: agentResponse,
    })
    .then((answer) => answer.data);
}

// The answer is the saved agent: it replaces the cached one (other branches are not cached here).
export function usePatchAgent() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: patchAgent,
    onSuccess: (agent) => queryClient.setQueryData(aiAgentKeys.agent(accId), agent),
  });
}
