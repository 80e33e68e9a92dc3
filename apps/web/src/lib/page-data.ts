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
