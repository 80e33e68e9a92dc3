import { PageLoading } from '../components/ui/Spinner';

/**
 * The page the server drew into the first response (the catalogue, before any script: apps/api/src/plugins/web.ts),
 * read before the app replaces it. It stays on screen while the app's own page for that same address loads,
 * rather than a spinner in place of content the learner can already read; after a navigation, the spinner.
 */
const served =
  typeof document === 'undefined'
    ? undefined
    : { html: document.querySelector('#boot-page > .boot-page')?.outerHTML, href: window.location.href };

export function PageFallback({ label }: { label: string }) {
  if (served?.html && window.location.href === served.href) {
    // Markup the server escaped and the browser has already shown as it is.
    return <div dangerouslySetInnerHTML={{ __html: served.html }} />;
  }
  return <PageLoading label={label} />;
}
