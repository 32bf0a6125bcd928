import { allows } from '@salon/contract/rights-rules';
import { useSession } from '../../../shared/session/use-session';

// Writing in the test chat, answering suggestions and taking over need the agent's write rights
// (the server's AGENT_WRITE_GUARD: owner/support); other members of the branch only read.
export function useMayAnswer(): boolean {
  const { rights } = useSession();
  return allows(rights, 'systemMessages');
}
