import {
  CATALOGUE_PAGE_SIZE,
  catalogPageUrl,
  catalogSearchPath,
  catalogueLevel,
  cataloguePage,
  catalogueSort,
  COVER_SIZES,
  coverSrcset,
  leadingCover,
  membersFromSatang,
  searchQuery,
  searchResult,
  SEARCH_MAX_LENGTH,
  type CourseSummary,
} from '@rianroo/contract';
import { escapeHtml } from '../../lib/html.js';
import type { PageParts } from '../../plugins/web.js';
import type { CoursesService } from './courses.service.js';
import { LEVEL_NAMES, priceWords, ratingWords, SORT_NAMES } from './page-words.js';

/** The plans on sale (the billing module's `plans()`), for the price words of the cards. */
export type PlansOnSale = () => Promise<{ interval: string; priceSatang: number }[]>;

/** The catalogue's app chunk (apps/web), fetched beside the entry script. */
const CHUNK = 'src/features/courses/routes/CatalogPage.tsx';

/**
 * A card as the app draws it: cover, title, subtitle, and what it costs with its rating when shown. The leading
 * card's cover (`leadingCover`) is the largest thing above the fold on a phone: fetched first (and preloaded:
 * `firstCover`); the others, below it, only when scrolled near.
 */
const card = (membersFrom: number | null, lead: number) => (c: CourseSummary, index: number) => {
  const href = `/courses/${encodeURIComponent(c.slug)}`;
  const srcset = c.coverImage ? coverSrcset(c.coverImage) : undefined;
  const cover = c.coverImage
    ? `<img src="${escapeHtml(c.coverImage)}"${
        srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${COVER_SIZES}"` : ''
      } alt="" width="320" height="180" ${index === lead ? 'fetchpriority="high"' : 'loading="lazy"'}>`
    : `<span>${escapeHtml(c.title)}</span>`;
  const facts = [priceWords(c.free, membersFrom), ...(c.rating ? [`★ ${ratingWords(c.rating)}`] : [])];
  return `<li><div class="boot-v" aria-hidden="true">${cover}</div><a href="${href}">${escapeHtml(c.title)}</a>${
    c.subtitle ? `<p>${escapeHtml(c.subtitle)}</p>` : ''
  }<p>${facts.join(' · ')}</p></li>`;
};

/** The leading card's cover, preloaded before the app's scripts so that it is not queued behind them. */
function firstCover(courses: CourseSummary[]) {
  const cover = courses[leadingCover(courses)]?.coverImage;
  if (!cover) return undefined;
  const srcset = coverSrcset(cover);
  const copies = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${COVER_SIZES}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(cover)}"${copies} fetchpriority="high">`;
}

/** The level filter's choices: all, then each level. */
const LEVELS: [string, string][] = [['', 'ทุกระดับ'], ...Object.entries(LEVEL_NAMES)];

/**
 * The app's search, level filter and order as a plain form: sent, it asks the server for /courses?q=…&level=…, which
 * draws that list, so a learner can search before the app's scripts have arrived (the app takes the typed
 * words over when it does: PageFallback).
 */
const searchForm = (q: string, level: string, sort: string) =>
  `<form class="boot-f" role="search" action="/courses" method="get">` +
  `<label>ค้นหาคอร์ส<input type="search" name="q" value="${escapeHtml(q)}" maxlength="${SEARCH_MAX_LENGTH}" placeholder="เช่น หุ้น, Python, สติ"></label>` +
  `<label>ระดับ<select name="level">${LEVELS.map(
    ([value, label]) => `<option value="${value}"${value === level ? ' selected' : ''}>${label}</option>`,
  ).join('')}</select></label>` +
  // The default order sent as `sort=` (as all levels is `level=`): the API and the app read it as the default.
  `<label>เรียงตาม<select name="sort">${Object.entries(SORT_NAMES)
    .map(
      ([value, label]) =>
        `<option value="${value === 'newest' ? '' : value}"${value === sort ? ' selected' : ''}>${label}</option>`,
    )
    .join('')}</select></label>` +
  `<button type="submit">ค้นหา</button></form>`;

/** Previous and next pages of a list longer than a page, as links (they work without scripts). */
function pager(f: { q: string | null; level: string | null; sort: string; page: number }, total: number) {
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  if (pages === 1 && f.page === 1) return '';
  const link = (page: number, text: string, rel: string) =>
    `<a href="${escapeHtml(catalogPageUrl({ ...f, page }))}" rel="${rel}">${text}</a>`;
  return (
    `<nav class="boot-p" aria-label="หน้าของรายการคอร์ส">` +
    (f.page > 1 ? link(Math.min(f.page - 1, pages), '← ก่อนหน้า', 'prev') : '') +
    `<span>หน้า ${f.page} จาก ${pages}</span>` +
    (f.page < pages ? link(f.page + 1, 'ถัดไป →', 'next') : '') +
    `</nav>`
  );
}

/**
 * /courses before any script: the first page of the catalogue for the page's filter and order as plain HTML
 * (each card with its price words and rating, as the app's), with the search form (a learner on a slow
 * connection can read, search and open a course while the app is on its way), and the same answer embedded for
 * the app, which then draws it without asking again.
 */
export function catalogPage(courses: CoursesService, plans: PlansOnSale) {
  return async (path: string, query: URLSearchParams): Promise<PageParts | undefined> => {
    if (path !== '/courses' && path !== '/courses/') return undefined;
    const filter = {
      q: query.get('q'),
      level: catalogueLevel(query.get('level')),
      sort: catalogueSort(query.get('sort')),
      page: cataloguePage(query.get('page')),
    };
    const apiPath = catalogSearchPath(filter);
    const parsed = searchQuery.safeParse(Object.fromEntries(new URLSearchParams(apiPath.split('?')[1])));
    // A filter the API would refuse: the app asks and shows the error itself.
    if (!parsed.success) return undefined;
    const [found, onSale] = await Promise.all([courses.search(parsed.data), plans()]);
    const answer = searchResult.parse(found);
    const list = answer.courses.length
      ? `<ul class="boot-c">${answer.courses.map(card(membersFromSatang(onSale), leadingCover(answer.courses))).join('')}</ul>`
      : answer.total > 0
        ? '<p>หน้านี้ไม่มีคอร์สแล้ว</p>'
        : '<p>ไม่พบคอร์สที่ตรงกับการค้นหา ลองใช้คำอื่นหรือล้างตัวกรอง</p>';
    return {
      body: `<div class="boot-page"><h1 class="boot-t">คอร์สทั้งหมด</h1>${searchForm(filter.q ?? '', parsed.data.level ?? '', filter.sort)}<p class="boot-n">${answer.total} คอร์ส</p>${list}${pager(filter, answer.total)}</div>`,
      early: firstCover(answer.courses),
      data: { [apiPath]: answer },
      chunks: [CHUNK],
    };
  };
}
