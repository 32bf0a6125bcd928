import { useEffect } from 'react';
import { session } from '../../../shared/session/session';
import { getInfo } from '../api/get-info';

// Flipping between tabs should not hammer the server.
const MIN_INTERVAL_MS = 30_000;

// SPEC 4: the session is re-checked when the tab becomes visible. A dead session ends in the
// API client (refresh refused → signed out); a live one refreshes the user's name and avatar.
export function useSessionRecheck(): void {
  useEffect(() => {
    let lastCheck = Date.now();
    const onVisibility = () => {
      if (document.visibilityState !== 'visible' || !session.get().authenticated) return;
      if (Date.now() - lastCheck < MIN_INTERVAL_MS) return;
      lastCheck = Date.now();
      getInfo().then(
        ({ user }) => session.update({ user }),
        () => undefined,
      );
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
}
