// API addresses both sides build, with no schema in sight: the web app imports this file alone
// (`@rianroo/contract/paths`), so that a page needing an address does not pull zod and every schema with it.
/**
 * The catalogue page's filter (its URL's `q` and `level`) as the address of the search the web app asks for
 * (under /api). The server embeds the first answer in the page under the same address.
 */
export const catalogSearchPath = (f: { q?: string | null; level?: string | null }) => {
  const params: string[] = [];
  if (f.q?.trim()) params.push(`q=${encodeURIComponent(f.q.trim())}`);
  if (f.level) params.push(`level=${encodeURIComponent(f.level)}`);
  return `/courses?${params.join('&')}`;
};

/** A course page's outline (`GET /api/courses/:slug`), asked by the page and embedded by the server under it. */
export const courseOutlinePath = (slug: string) => `/courses/${encodeURIComponent(slug)}`;
