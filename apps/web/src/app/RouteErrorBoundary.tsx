import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../lib/i18n';
import { PageLoadError } from '../lib/lazy-page';

function RouteError({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-xl px-4 py-12" role="alert">
      <h1 className="text-xl font-bold text-slate-900">
        {offline ? t('routeError.offlineTitle') : t('routeError.title')}
      </h1>
      <p className="mt-2 text-slate-700">{offline ? t('routeError.offline') : t('routeError.text')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-teal-700 px-4 font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        {t('common.retry')}
      </button>
    </div>
  );
}

class Boundary extends Component<{ children: ReactNode; address: string }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  // Moving to another page leaves the error behind (the pages themselves are not remounted: a key would do that
  // at every move, losing their state and the focus).
  override componentDidUpdate(before: { address: string }) {
    if (this.state.error && before.address !== this.props.address) this.setState({ error: null });
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const offline = error instanceof PageLoadError ? error.offline : !navigator.onLine;
    // "Try again" loads the page afresh: its code, and the newest build's.
    return <RouteError offline={offline} onRetry={() => location.reload()} />;
  }
}

/**
 * Never a blank page: whatever a page throws while it draws (its code could not be fetched, or a fault), the
 * learner reads what happened in Thai (or English) with "try again"; moving to another page leaves it behind.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary address={pathname}>{children}</Boundary>;
}
