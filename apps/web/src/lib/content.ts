import { queryOptions, useQuery } from '@tanstack/react-query';
import { useI18n, type Lang } from './i18n';
import { usePublicConfig } from './public-config';

/**
 * The content service client (spec section 7, PRODUCT.md section 9): GET with the fixed bearer, each call at
 * most once per browser session (kept in sessionStorage, and in the query cache for the page's life).
 * Failures are logged and give nothing (spec section 8); so does an answer of the wrong shape.
 */
export interface ContentSource {
  contentUrl: string | null;
  contentToken: string | null;
}

/** Turns a raw answer into what a screen shows, or null for "no content". Never throws. */
export type ContentParser<T> = (answer: unknown, source: ContentSource) => T | null;

const base = (source: ContentSource) => (source.contentUrl ?? '').replace(/\/+$/, '');

/** Thai is the content service's default locale and is asked for without a locale; English with locale=en. */
export function withLocale(path: string, lang: Lang): string {
  return lang === 'en' ? `${path}${path.includes('?') ? '&' : '?'}locale=en` : path;
}

export async function getContent(source: ContentSource, path: string): Promise<unknown> {
  if (!source.contentUrl) return null;
  try {
    const res = await fetch(`${base(source)}/api/${path}`, {
      headers: source.contentToken ? { authorization: `Bearer ${source.contentToken}` } : {},
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      console.error(`content service: ${path} answered ${res.status}`);
      return null;
    }
    return (await res.json()) as unknown;
  } catch (err) {
    console.error(`content service: ${path} failed`, err);
    return null;
  }
}

const SESSION_PREFIX = 'content:';

function fromSession(key: string): unknown {
  try {
    const kept = window.sessionStorage.getItem(SESSION_PREFIX + key);
    return kept === null ? undefined : (JSON.parse(kept) as unknown);
  } catch {
    return undefined; // storage disabled or a damaged entry: ask the service
  }
}

function toSession(key: string, answer: unknown): void {
  try {
    window.sessionStorage.setItem(SESSION_PREFIX + key, JSON.stringify(answer));
  } catch {
    /* storage full or disabled: the query cache still keeps it for this page */
  }
}

/**
 * One call, answered from this browser session when it was made before. Only answers are kept: after a
 * failure the next page load asks again, so content comes back once the service does.
 */
export async function getSessionContent(source: ContentSource, path: string): Promise<unknown> {
  const key = `${base(source)}|${path}`;
  const kept = fromSession(key);
  if (kept !== undefined) return kept;
  const answer = await getContent(source, path);
  if (answer !== null) toSession(key, answer);
  return answer;
}

/** English content falls back to the Thai entry when the editors have not translated it. */
export async function loadContent<T>(
  source: ContentSource,
  path: string,
  lang: Lang,
  parse: ContentParser<T>,
): Promise<T | null> {
  if (lang === 'en') {
    const english = parse(await getSessionContent(source, withLocale(path, 'en')), source);
    if (english !== null) return english;
  }
  return parse(await getSessionContent(source, path), source);
}

export function contentQuery<T>(
  source: ContentSource | undefined,
  path: string,
  lang: Lang,
  parse: ContentParser<T>,
) {
  return queryOptions({
    queryKey: ['content', source?.contentUrl ?? null, path, lang],
    queryFn: () => loadContent(source!, path, lang, parse),
    enabled: !!source?.contentUrl,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export interface ContentState<T> {
  /** The content, or null while loading and when there is none. */
  data: T | null;
  /** The answer is in, or there is no content service: the page may lay itself out for good. */
  settled: boolean;
}

/** One content call for the current language (`localized: false` for entries that have no translations). */
export function useContent<T>(
  path: string | null,
  parse: ContentParser<T>,
  { localized = true }: { localized?: boolean } = {},
): ContentState<T> {
  const config = usePublicConfig();
  const { lang } = useI18n();
  const query = useQuery({
    ...contentQuery(config, path ?? '', localized ? lang : 'th', parse),
    enabled: !!config?.contentUrl && path !== null,
    // A language switch keeps the shown content until the other language's arrives (no flicker); another
    // path (another course) never shows the previous one's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === path ? previous : undefined,
  });
  const off = !!config && (!config.contentUrl || path === null);
  return { data: query.data ?? null, settled: off || query.isFetched };
}

/**
 * Media URLs of the content service are relative to it (`/uploads/x.png`); absolute http(s) URLs (a CDN)
 * are used as they are. Anything else (javascript:, data:) is not shown.
 */
export function mediaUrl(source: ContentSource, url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url) || url.startsWith('//')) return url;
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return null;
  return `${base(source)}${url.startsWith('/') ? '' : '/'}${url}`;
}

export type LinkTarget = { internal: true; to: string } | { internal: false; href: string };

/**
 * Where an editor's link leads: a path of this site (or a full URL of this origin) stays in the app and the
 * same tab; http(s) URLs elsewhere are external; anything else (javascript:, mailto typos) is no link.
 */
export function linkTarget(
  link: string | null | undefined,
  origin = window.location.origin,
): LinkTarget | null {
  const value = link?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
    return { internal: true, to: value };
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.origin === origin) return { internal: true, to: `${url.pathname}${url.search}${url.hash}` };
    return { internal: false, href: url.toString() };
  } catch {
    return null;
  }
}

/** Time-boxed content (promotions, banners): shown from startsAt (inclusive) until endsAt (exclusive). */
export function isLive(
  item: { startsAt?: string | null; endsAt?: string | null },
  now: number = Date.now(),
): boolean {
  const starts = item.startsAt ? Date.parse(item.startsAt) : NaN;
  const ends = item.endsAt ? Date.parse(item.endsAt) : NaN;
  return !(starts > now) && !(ends <= now);
}
