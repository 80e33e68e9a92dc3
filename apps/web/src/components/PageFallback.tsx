import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from './ui/Spinner';
import { forgetServedPage, servedPage } from '../lib/page-data';

/** The server's page itself, moved into the app: its fields keep what was typed, and the focus comes back. */
function ServedPage({ node, focused }: { node: HTMLElement; focused: Element | null }) {
  const hold = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || el.firstChild === node) return;
      el.replaceChildren(node);
      if (focused instanceof HTMLElement && node.contains(focused)) focused.focus();
    },
    [node, focused],
  );
  // The page's margins as the server drew it (index.html `.boot-w`) and the app's pages have them: the same boxes, so
  // that moving the page in is no larger a paint than the first (largest contentful paint, issue 36).
  return <div ref={hold} className="mx-auto max-w-6xl px-4" />;
}

/**
 * While a page of the app loads: the page the server drew for this address (the catalogue or a course page:
 * apps/api/src/plugins/web.ts, kept by keepServedPage), rather than a spinner in place of content the learner
 * can already read and use; after a navigation, the spinner.
 */
export function PageFallback({ label }: { label: string }) {
  const page = servedPage();
  if (page) return <ServedPage node={page.node} focused={page.focused} />;
  return <PageLoading label={label} />;
}

/** Forgets the server's page at the first change of address (mounted once, beside the routes). */
export function ServedPageLifetime() {
  const { pathname, search } = useLocation();
  const first = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (`${pathname}${search}` !== first.current) forgetServedPage();
  }, [pathname, search]);
  return null;
}
