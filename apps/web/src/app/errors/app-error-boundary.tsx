import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Center, Container } from '@mantine/core';
import { reportError } from '../../shared/lib/report-error';
import { ErrorView } from '../../shared/ui/error-view';

interface State {
  failed: boolean;
}

// The last line: a crash outside any route (providers, router) shows the generic error page.
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, info.componentStack ? 'app' : undefined);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center mih="100dvh">
        <Container size="sm">
          <ErrorView onRetry={() => window.location.reload()} />
        </Container>
      </Center>
    );
  }
}
