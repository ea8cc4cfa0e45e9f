import { Component, type ReactNode } from 'react';

interface Props {
  message: string;
  children: ReactNode;
}

/** Keeps one broken screen (or a chunk that failed to load) from taking the whole workspace down. */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('screen failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <div className="page-notice page-failed">{this.props.message}</div> : this.props.children;
  }
}
