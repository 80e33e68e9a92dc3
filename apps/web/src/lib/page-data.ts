/**
 * API answers the server put in the page it served (apps/api/src/plugins/web.ts, `page-data`), keyed by the API
 * path the app would ask (under /api). Each is handed out once, to the first query that wants it, so that the
 * first screen draws without a round trip; anything later asks the API as usual.
 */
let answers: Record<string, unknown> | undefined;

function read(): Record<string, unknown> {
  if (answers) return answers;
  answers = {};
  const el = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (el?.textContent) {
    try {
      answers = JSON.parse(el.textContent) as Record<string, unknown>;
    } catch {
      // A page without usable data: the app asks the API.
    }
  }
  return answers;
}

/** The server's answer for `apiPath`, once; undefined when the page brought none (or it was taken). */
export function takePageData<T>(apiPath: string): T | undefined {
  const all = read();
  if (!(apiPath in all)) return undefined;
  const value = all[apiPath] as T;
  delete all[apiPath];
  return value;
}

/** For tests: forget what was read, so the next call reads the document again. */
export function resetPageData() {
  answers = undefined;
}

/**
 * The page the server drew into the first response (the catalogue: its list and search form, before any
 * script), kept as the very elements, not a copy of their markup, so that what the learner typed into it and
 * where the focus was survive the app's start (components/PageFallback shows it until the app's page is
 * ready, and the app's page takes its fields over: servedField).
 */
let served: { node: HTMLElement; href: string; focused: Element | null } | undefined;

/** Called once, just before the app first draws (main.tsx), while the server's page is still in the document. */
export function keepServedPage() {
  const node = document.querySelector<HTMLElement>('#boot-page > .boot-page');
  const active = document.activeElement;
  served = node
    ? { node, href: window.location.href, focused: active && node.contains(active) ? active : null }
    : undefined;
}

/** The server's page, while the app is still at the address it was served for; undefined after a navigation. */
export function servedPage() {
  return served && window.location.href === served.href ? served : undefined;
}

/**
 * The server's page belongs to the first visit of its address only: once the learner has gone anywhere (coming
 * back included, or the app's own page changing the address), the app's pages start from their own state.
 */
export function forgetServedPage() {
  served = undefined;
}

/** A field of the server's page as the learner left it (its value, and whether it had the focus). */
export function servedField(name: string): { value: string; focused: boolean } | undefined {
  const page = servedPage();
  const field = page?.node.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!page || !field) return undefined;
  return { value: field.value, focused: field === document.activeElement || field === page.focused };
}
