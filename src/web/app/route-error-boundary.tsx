import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClass } from '../components/ui/button';

/**
 * What a page shows when it cannot be drawn: its code failed to download (a new version was deployed,
 * or the connection dropped) or it threw while rendering. Reloading fetches the current files.
 */
export function SomethingWentWrong() {
  return (
    <div role="alert" className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white px-6 py-10 text-center">
      <p className="text-base font-semibold text-slate-900">Something went wrong</p>
      <p className="mt-1 text-sm text-slate-600">
        This page could not be shown. The connection may have dropped, or a new version of the app was installed. Reloading usually fixes it.
      </p>
      <button type="button" className={buttonClass('primary', 'md', 'mt-5')} onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

interface Props {
  /** A new value (the route's path) clears the error, so moving to another page recovers without a reload. */
  resetKey: string;
  children: ReactNode;
}

/** Catches render errors and failed lazy imports below it; the header and navigation stay usable. */
export class RouteErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('A page failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    return this.state.error ? <SomethingWentWrong /> : this.props.children;
  }
}
