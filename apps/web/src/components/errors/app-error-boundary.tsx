import { Component, type ReactNode } from 'react';
import { i18n } from '../../lib/i18n';
import { errorPageMessage } from './error-message';
import { ErrorPage } from './error-page';

interface State {
  error: unknown;
  failed: boolean;
}

/** Top-level boundary for errors outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override render() {
    if (this.state.failed) return <ErrorPage message={errorPageMessage(i18n.t, this.state.error)} />;
    return this.props.children;
  }
}
