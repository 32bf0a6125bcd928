import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router';

// The slice of the Navigation API used for back/forward; not in TypeScript's DOM types yet.
interface TraverseEvent extends Event {
  navigationType: string;
  cancelable: boolean;
  destination: { key: string };
}
interface NavigationLike {
  addEventListener(type: 'navigate', listener: (event: TraverseEvent) => void): void;
  removeEventListener(type: 'navigate', listener: (event: TraverseEvent) => void): void;
  traverseTo(key: string): unknown;
}

type Go = Navigator['push'];

// Routes the router's push and replace through `hold` until the returned function restores them.
// Kept outside the hook: the router's navigator is shared, and patching it is the point.
function interceptNavigator(navigator: Navigator, hold: (go: Go) => Go): () => void {
  const { push, replace } = navigator;
  navigator.push = hold(push);
  navigator.replace = hold(replace);
  return () => {
    navigator.push = push;
    navigator.replace = replace;
  };
}

export interface LeaveGuard {
  // A navigation waits for the user's answer.
  blocked: boolean;
  leave: () => void;
  stay: () => void;
  // Lets the next navigation through (after a save, to the saved item's address).
  allowNext: () => void;
}

// Asks before leaving a page with unsaved changes. The app uses a declarative router (no
// useBlocker), so in-app navigations are held at the router's navigator; reloads and closing the
// tab get the browser's own prompt; back/forward are held where the Navigation API allows it.
export function useLeaveGuard(when: boolean): LeaveGuard {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const skip = useRef(false);

  useEffect(() => {
    if (!when) return;
    skip.current = false;
    const restore = interceptNavigator(navigator, (go): Go => (...args) => {
      if (skip.current) {
        skip.current = false;
        go(...args);
        return;
      }
      setPending(() => () => go(...args));
    });

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);

    const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
    const onNavigate = (event: TraverseEvent) => {
      if (event.navigationType !== 'traverse' || !event.cancelable) return;
      if (skip.current) {
        skip.current = false;
        return;
      }
      event.preventDefault();
      const key = event.destination.key;
      setPending(() => () => {
        skip.current = true;
        navigation?.traverseTo(key);
      });
    };
    navigation?.addEventListener('navigate', onNavigate);

    return () => {
      restore();
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [when, navigator]);

  const leave = useCallback(() => {
    const go = pending;
    setPending(null);
    go?.();
  }, [pending]);

  return {
    blocked: pending !== null,
    leave,
    stay: useCallback(() => setPending(null), []),
    allowNext: useCallback(() => {
      skip.current = true;
    }, []),
  };
}
