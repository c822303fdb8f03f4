import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TFunction } from 'i18next';
import { errorPageMessage } from './error-message';
import { ErrorPage } from './error-page';

interface Props {
  children: ReactNode;
  /** The address shown: an error is forgotten once the user goes elsewhere. */
  pathname: string;
  t: TFunction;
}

interface State {
  error: unknown;
  failed: boolean;
  pathname: string;
}

class Boundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname
      ? null
      : { error: null, failed: false, pathname: props.pathname };
  }

  override render() {
    if (this.state.failed) return <ErrorPage message={errorPageMessage(this.props.t, this.state.error)} />;
    return this.props.children;
  }
}

/**
 * The error page for a render error anywhere below the root route (a screen's chunk that failed to load
 * included), inside the router so its links work; going to another address tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Boundary pathname={pathname} t={t}>
      {children}
    </Boundary>
  );
}
