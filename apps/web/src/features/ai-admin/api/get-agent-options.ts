import { useQuery } from '@tanstack/react-query';
import { agentOptionsResponse } from '@salon/contract/ai-agents';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/use-session';
import { aiAgentKeys } from './ai-agent-keys';

// GET /api/ai/api/v1/agents/options?acc_id: tones and the CRM's masters, services and categories.
export function useAgentOptions() {
  const { accId } = useSession();
  return useQuery({
    queryKey: aiAgentKeys.options(accId),
    queryFn: ({ signal }) =>
      api.request({ host: 'ai', path: '/api/v1/agents/options', schema: agentOptionsResponse, signal }),
    // The booking system's lists change rarely; one load per visit is enough.
    staleTime: 5 * 60_000,
  });
}
