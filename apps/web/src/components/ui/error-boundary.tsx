import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from './button.tsx';

/** The message of anything thrown: an Error, a router error response, or a plain value. */
export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** 'Something went wrong' plus the message, with a way to retry and a way home. */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
        <AlertTriangle aria-hidden="true" className="h-6 w-6" />
      </span>
      <h2 className="text-xl font-semibold">Something went wrong</h2>
      <p className="break-words text-sm text-slate-600 dark:text-slate-300">{errorMessage(error)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={buttonClasses('primary')}
          onClick={onRetry ?? (() => window.location.reload())}
        >
          Try again
        </button>
        {/* A plain link: after a crash the router's state cannot be trusted. */}
        <a href="/" className={buttonClasses('secondary')}>
          Go to home page
        </a>
      </div>
    </div>
  );
}

type ErrorBoundaryProps = {
  children: ReactNode;
  fallback?: (error: unknown, reset: () => void) => ReactNode;
  /** When this value changes (e.g. the path), a shown error is cleared and the children render again. */
  resetKey?: unknown;
};
type ErrorBoundaryState = { error: unknown; failed: boolean };

/** Catches render errors below it and shows ErrorFallback (or `fallback`) instead. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.reset();
  }

  reset = () => this.setState({ error: null, failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.state.error, this.reset);
    return <ErrorFallback error={this.state.error} onRetry={this.reset} />;
  }
}

/** For a route's errorElement: shows the error the router caught (render, loader or lazy chunk). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main-content" className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <ErrorFallback error={error} />
    </main>
  );
}
