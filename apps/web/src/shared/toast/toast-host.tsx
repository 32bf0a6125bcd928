import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { reportError } from '../lib/report-error';
import classes from './toast-host.module.css';
import { subscribeToastsUsed, toastsUsed } from './show-toast';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

// A broken toast container must not take the page down with it.
class ToastBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportError(error, 'toasts');
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

// Mounts the toast container once the first toast is shown; until then no page pays for it.
export function ToastHost() {
  const used = useSyncExternalStore(subscribeToastsUsed, toastsUsed, toastsUsed);
  if (!used) return null;
  return (
    <ToastBoundary>
      <Suspense fallback={null}>
        <Notifications
          position="top-right"
          limit={3}
          zIndex={1000}
          classNames={{ root: classes.root }}
        />
      </Suspense>
    </ToastBoundary>
  );
}
