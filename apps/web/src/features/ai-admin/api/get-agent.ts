import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentResponse } from '@salon/contract/ai-agents';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { aiAgentKeys } from './ai-agent-keys';

export function agentQuery(accId: number | null) {
  return queryOptions({
    queryKey: aiAgentKeys.agent(accId),
    // The client adds acc_id (and the session's other params) to the AI host's calls too.
    queryFn: ({ signal }) =>
      api.request({ host: 'ai', path: '/api/v1/agents/', schema: agentResponse, signal }).then((a) => a.data),
  });
}

// GET /api/ai/api/v1/agents/?acc_id: the branch's AI-administrator settings.
export function useAgent() {
  const { accId } = useSession();
  return useQuery(agentQuery(accId));
}
