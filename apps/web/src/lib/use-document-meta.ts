import { useEffect } from 'react';

/**
 * What to put back when a page's title or description goes: the app's own when the server set this address's
 * (apps/api plugins/web.ts keeps the app's in `data-default`: the server's words belong to that address only,
 * taken over by the first page that sets its own), else what was there before.
 */
function previousOf(el: HTMLElement | null, current: string) {
  const app = el?.dataset.default;
  if (el && app !== undefined) delete el.dataset.default;
  return app ?? current;
}

/**
 * Sets the page's title and meta description while a page shows, and puts the previous ones back when it
 * goes (or when the values change). Nothing is touched for a missing value.
 */
export function useDocumentMeta(title: string | null | undefined, description: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = previousOf(document.head.querySelector('title'), document.title);
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    if (!description) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = previousOf(meta, meta.content);
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
