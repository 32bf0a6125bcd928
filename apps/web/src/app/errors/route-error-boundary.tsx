import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../shared/lib/report-error';
import { ErrorView } from '../../shared/ui/error-view';

interface State {
  failed: boolean;
}

// Around every route: a crash in one page shows the generic error view and leaves the header
// and menu working. Routes mount it with key={route.id}, so navigating away starts afresh.
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, info.componentStack ? 'route' : undefined);
  }

  override render() {
    return this.state.failed ? <ErrorView onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}
