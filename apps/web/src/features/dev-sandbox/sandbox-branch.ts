import { createContext, useContext } from 'react';

// The branch the sandbox page acts for: every dev sandbox call names it (acc_id), and the server
// shows or changes only that branch's accounts and messages.
export const SandboxBranchContext = createContext<number | null>(null);

export function useSandboxBranch(): number {
  const accId = useContext(SandboxBranchContext);
  if (accId === null) throw new Error('useSandboxBranch outside a SandboxBranchContext');
  return accId;
}
