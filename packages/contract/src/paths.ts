// API addresses both sides build, with no schema in sight: the web app imports this file alone
// (`@rianroo/contract/paths`), so that a page needing an address does not pull zod and every schema with it.
import { addressOf } from './client.js';
/** Courses on one page of the catalogue: the search's default `limit`. */
export const CATALOGUE_PAGE_SIZE = 20;
/** The longest catalogue search text asked of the API (the search box takes no more). */
export const SEARCH_MAX_LENGTH = 100;
/** The last page the search reaches (its `offset` stops at 10,000). */
const LAST_CATALOGUE_PAGE = 500;

/** The catalogue's page from its URL (`page`): a whole number from 1; anything else is the first page. */
export const cataloguePage = (raw: string | null | undefined): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= LAST_CATALOGUE_PAGE ? n : 1;
};

/** The levels a course may have, in order: the catalogue's level filter offers them. */
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/**
 * The catalogue's level from its URL (`level`): one the site has; anything else (an old or hand-edited link)
 * is all levels, '', as a bad page number is the first page.
 */
export const catalogueLevel = (raw: string | null | undefined): CourseLevel | '' =>
  (COURSE_LEVELS as readonly string[]).includes(raw ?? '') ? (raw as CourseLevel) : '';

/**
 * The catalogue's orders: `newest` (the default: with search words, courses with every word in the title first,
 * then the newest) or `rating` (the best rated first; courses whose rating is not shown yet last).
 */
export const CATALOGUE_SORTS = ['newest', 'rating'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** The catalogue's order from its URL (`sort`): one the site has; anything else is the default, `newest`. */
export const catalogueSort = (raw: string | null | undefined): CatalogueSort =>
  (CATALOGUE_SORTS as readonly string[]).includes(raw ?? '') ? (raw as CatalogueSort) : 'newest';

/** The catalogue page's filter (its URL's `q`, `level`, `sort` and `page`) as the search's query. */
export const catalogSearchQuery = (f: {
  q?: string | null;
  level?: CourseLevel | '' | null;
  sort?: CatalogueSort | null;
  page?: number;
}) => {
  // A longer text (a pasted paragraph) is searched by its beginning, not refused.
  const q = f.q?.trim().slice(0, SEARCH_MAX_LENGTH).trim();
  return {
    ...(q ? { q } : {}),
    ...(f.level ? { level: f.level } : {}),
    // The default order is left out: the address of the default list stays the one it always was.
    ...(f.sort && f.sort !== 'newest' ? { sort: f.sort } : {}),
    ...(f.page && f.page > 1 ? { offset: (f.page - 1) * CATALOGUE_PAGE_SIZE } : {}),
  };
};

/**
 * The same as the address of the search the web app asks for (under /api), as the typed client forms it. The
 * server embeds the first answer in the page under this address.
 */
export const catalogSearchPath = (f: Parameters<typeof catalogSearchQuery>[0]) =>
  addressOf('GET /api/courses', { query: catalogSearchQuery(f) }).path.slice('/api'.length);

/** A course page's outline (`GET /api/courses/:slug`), asked by the page and embedded by the server under it. */
export const courseOutlinePath = (slug: string) => `/courses/${encodeURIComponent(slug)}`;

/** The catalogue page's own address for a filter and a page (the links of its pager). */
export const catalogPageUrl = (f: {
  q?: string | null;
  level?: string | null;
  sort?: string | null;
  page: number;
}) => {
  const params: string[] = [];
  if (f.q?.trim()) params.push(`q=${encodeURIComponent(f.q.trim())}`);
  if (f.level) params.push(`level=${encodeURIComponent(f.level)}`);
  if (f.sort && f.sort !== 'newest') params.push(`sort=${encodeURIComponent(f.sort)}`);
  if (f.page > 1) params.push(`page=${f.page}`);
  return params.length ? `/courses?${params.join('&')}` : '/courses';
};

/**
 * What a members' course costs a visitor from: the price of the cheapest plan billed by the month (in satang), or
 * null when none is on sale. The course cards, the course page and the pages the server draws all say it
 * ("สำหรับสมาชิก · เริ่มต้น ฿299/เดือน"), from the plans on sale (`GET /plans`), never a number written down.
 */
export const membersFromSatang = (plans: readonly { interval: string; priceSatang: number }[]) => {
  const monthly = plans.filter((p) => p.interval === 'month' && p.priceSatang > 0).map((p) => p.priceSatang);
  return monthly.length ? Math.min(...monthly) : null;
};

/**
 * The widths of an uploaded cover's WebP copies, cut to 16:9 when it is uploaded: a phone's card at 1x and 2x,
 * and large screens (issue 36: the catalogue's first cover is its largest paint on a phone, so it must be small).
 */
export const COVER_WIDTHS = [360, 720, 1280] as const;

/** An uploaded cover's address names its 720 px copy; its `srcset` lists the copies. */
const COVER_COPY = /^(\/api\/media\/covers\/[0-9a-f-]{36}\/[0-9a-f]{16})-720\.webp$/;

/**
 * The `srcset` of a cover with copies (one uploaded in the console); undefined for a cover without (the demo's
 * drawn SVG covers, already tiny, or one uploaded before the copies were made), which shows by its `src` alone.
 */
export function coverSrcset(coverImage: string): string | undefined {
  const m = COVER_COPY.exec(coverImage);
  return m ? COVER_WIDTHS.map((w) => `${m[1]}-${w}.webp ${w}w`).join(', ') : undefined;
}

/**
 * Which card of a list leads: the first with a cover, the largest thing above the fold on a phone, fetched first
 * (and preloaded by the server's drawing); -1 when none has one. A card without a cover shows its title instead.
 */
export const leadingCover = (courses: readonly { coverImage: string | null }[]) =>
  courses.findIndex((c) => !!c.coverImage);

/** How wide a course card's cover shows: the page's width less its margins on a phone, a column beyond. */
export const COVER_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, calc(100vw - 2rem)';
