import { lazy, type ComponentType } from 'react';

/** Where a reload for a missing page was made, and when (per tab): one reload per address and minute at most. */
const RELOADED = 'rianroo.chunkReload';
const ONCE_WITHIN_MS = 60_000;

/** A page's code could not be fetched, and a reload will not help now (offline, or it did not). */
export class PageLoadError extends Error {
  constructor(
    readonly offline: boolean,
    cause: unknown,
  ) {
    super('the page could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}

function reloadedRecently(where: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(RELOADED) ?? 'null') as {
      where: string;
      at: number;
    } | null;
    return !!last && last.where === where && Date.now() - last.at < ONCE_WITHIN_MS;
  } catch {
    return true; // no session storage: never reload in a loop
  }
}

/**
 * What to do when a page's code cannot be fetched. A tab opened before a deploy asks for chunks the new build no
 * longer has: reload once to the new build (the address is kept, so the learner lands where they were). Offline, or
 * when a reload just happened here: the route's error boundary shows a message with "try again" instead.
 */
export function recoverFromMissingPage(err: unknown, where = location.pathname + location.search): never {
  if (navigator.onLine && !reloadedRecently(where)) {
    try {
      sessionStorage.setItem(RELOADED, JSON.stringify({ where, at: Date.now() }));
    } catch {
      /* no session storage: reloadedRecently says true next time */
    }
    location.reload();
  }
  throw new PageLoadError(!navigator.onLine, err);
}

/** React.lazy for a page whose chunk may be missing or unreachable (see recoverFromMissingPage). */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => load().catch((err: unknown) => recoverFromMissingPage(err)));
}
