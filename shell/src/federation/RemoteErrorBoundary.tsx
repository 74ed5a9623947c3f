import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children after a failure, given the error (e.g. an incompatible release). */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
}

/**
 * Contains a remote's failure (unreachable manifest or entry, a release that does not fit this portal, or an error while
 * rendering) to its own section. Give it a new `key` to try again. React itself reports the caught error on the console
 * (with the component stack) and the federation runtime plugin says which remote failed at which step, so nothing more is
 * logged here.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
