import { allows } from '@salon/contract/rights-rules';
import { useSession } from '../../../shared/session/use-session';

export type AgentAccess = 'edit' | 'noRights' | 'notPaid';

// Writing the agent needs owner/support (the server's AGENT_WRITE_GUARD, GUARDS.systemMessages)
// and the paid module; everyone else on the branch sees the settings read-only.
export function useAgentAccess(paid: boolean): AgentAccess {
  const { rights } = useSession();
  if (!allows(rights, 'systemMessages')) return 'noRights';
  return paid ? 'edit' : 'notPaid';
}
