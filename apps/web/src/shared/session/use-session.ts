import { useSyncExternalStore } from 'react';
import { session } from './session';
import type { SessionSnapshot } from './session-fields';

// Components re-render whenever the session changes (sign-in, branch switch, sign-out, other tab).
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
