import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getContent,
  isLive,
  linkTarget,
  loadContent,
  mediaUrl,
  useContent,
  withLocale,
  type ContentParser,
} from './content';
import { I18nProvider } from './i18n';
import { KEYS } from './storage';

const source = { contentUrl: 'http://cms.local/', contentToken: 'read-token' };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** Takes `data.message` when it is a string. */
const parseMessage: ContentParser<string> = (answer) => {
  const message = (answer as { data?: { message?: unknown } } | null)?.data?.message;
  return typeof message === 'string' ? message : null;
};

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('content client (spec sections 7 and 8)', () => {
  it('does nothing without a content service', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await getContent({ contentUrl: null, contentToken: null }, 'header-script')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the fixed bearer to <contentUrl>/api/<path>', async () => {
    const fetchMock = vi.fn(async () => json({ data: { html: 'x' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await getContent(source, 'header-script')).toEqual({ data: { html: 'x' } });
    expect(fetchMock).toHaveBeenCalledWith(
      'http://cms.local/api/header-script',
      expect.objectContaining({ headers: { authorization: 'Bearer read-token' } }),
    );
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 500', async () => new Response('oops', { status: 500 })],
    ['a 404 (nothing published)', async () => json({ data: null, error: { status: 404 } }, 404)],
    ['bad JSON', async () => new Response('<html>proxy error</html>', { status: 200 })],
  ])('%s is logged and gives nothing', async (_name, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    expect(await getContent(source, 'announcement-bar')).toBeNull();
    expect(errors).toHaveBeenCalledOnce();
    expect(await loadContent(source, 'announcement-bar', 'th', parseMessage)).toBeNull();
  });

  it('a wrong shape gives nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ data: { message: 42 } })),
    );
    expect(await loadContent(source, 'announcement-bar', 'th', parseMessage)).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(['not', 'an', 'object'])),
    );
    expect(await loadContent(source, 'library-banners', 'th', parseMessage)).toBeNull();
  });
});

describe('locale', () => {
  it('asks for English with locale=en and for Thai (the default) without a locale', () => {
    expect(withLocale('announcement-bar', 'th')).toBe('announcement-bar');
    expect(withLocale('announcement-bar', 'en')).toBe('announcement-bar?locale=en');
    expect(withLocale('courses?filters[slug][$eq]=a', 'en')).toBe('courses?filters[slug][$eq]=a&locale=en');
  });

  it('sends the locale, and falls back to the Thai entry when there is no English one', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('locale=en') ? json({ data: { message: 'Hello' } }) : json({ data: { message: 'สวัสดี' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadContent(source, 'announcement-bar', 'en', parseMessage)).toBe('Hello');
    expect(fetchMock).toHaveBeenCalledWith(
      'http://cms.local/api/announcement-bar?locale=en',
      expect.anything(),
    );
    expect(await loadContent(source, 'announcement-bar', 'th', parseMessage)).toBe('สวัสดี');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      'http://cms.local/api/announcement-bar?locale=en',
      'http://cms.local/api/announcement-bar',
    ]);

    sessionStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('locale=en') ? json({ data: null }) : json({ data: { message: 'สวัสดี' } }),
      ),
    );
    expect(await loadContent(source, 'free-trial', 'en', parseMessage)).toBe('สวัสดี');
  });
});

describe('once per browser session', () => {
  it('keeps answers in sessionStorage: the second load (even after a page reload) makes no call', async () => {
    const fetchMock = vi.fn(async () => json({ data: { message: 'ลดราคา' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadContent(source, 'announcement-bar', 'th', parseMessage)).toBe('ลดราคา');
    expect(await loadContent(source, 'announcement-bar', 'th', parseMessage)).toBe('ลดราคา');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(Object.keys(sessionStorage)).toEqual(['content:http://cms.local|announcement-bar']);
  });

  it('does not keep failures: the next page load asks again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    expect(await loadContent(source, 'announcement-bar', 'th', parseMessage)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ data: { message: 'กลับมาแล้ว' } })),
    );
    expect(await loadContent(source, 'announcement-bar', 'th', parseMessage)).toBe('กลับมาแล้ว');
  });

  it('many components asking for the same content make one call', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/public-config'
        ? json({ googleClientId: null, chatUrl: 'x', contentUrl: '/cms', contentToken: 't' })
        : json({ data: { message: 'ข่าวดี' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    function Message() {
      const { data, settled } = useContent('announcement-bar', parseMessage);
      return <p>{settled ? data : 'loading'}</p>;
    }
    const wrap = (node: ReactNode) => (
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider>{node}</I18nProvider>
      </QueryClientProvider>
    );
    render(
      wrap(
        <>
          <Message />
          <Message />
          <Message />
        </>,
      ),
    );
    await waitFor(() => expect(screen.getAllByText('ข่าวดี')).toHaveLength(3));
    const contentCalls = fetchMock.mock.calls.filter((c) => c[0] !== '/api/public-config');
    expect(contentCalls.map((c) => c[0])).toEqual(['/cms/api/announcement-bar']);
  });

  it('is settled at once, with nothing, when no content service is configured', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ googleClientId: null, chatUrl: 'x', contentUrl: null, contentToken: null })),
    );
    localStorage.setItem(KEYS.lang, 'en');
    function Message() {
      const { data, settled } = useContent('announcement-bar', parseMessage);
      return <p>{settled ? `settled:${data}` : 'loading'}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider>
          <Message />
        </I18nProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('settled:null');
  });
});

describe('media URLs', () => {
  it('puts the content service in front of relative URLs and keeps absolute ones', () => {
    const builtIn = { contentUrl: '/cms', contentToken: 't' };
    expect(mediaUrl(builtIn, '/uploads/banner_1.png')).toBe('/cms/uploads/banner_1.png');
    expect(mediaUrl(source, '/uploads/banner_1.png')).toBe('http://cms.local/uploads/banner_1.png');
    expect(mediaUrl(builtIn, 'uploads/x.png')).toBe('/cms/uploads/x.png');
    expect(mediaUrl(builtIn, 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(mediaUrl(builtIn, '//cdn.example/x.png')).toBe('//cdn.example/x.png');
  });

  it('shows nothing for a missing URL or another scheme', () => {
    const builtIn = { contentUrl: '/cms', contentToken: 't' };
    expect(mediaUrl(builtIn, null)).toBeNull();
    expect(mediaUrl(builtIn, '')).toBeNull();
    expect(mediaUrl(builtIn, 'javascript:alert(1)')).toBeNull();
    expect(mediaUrl(builtIn, 'data:image/png;base64,AAAA')).toBeNull();
  });
});

describe('editor links', () => {
  const origin = 'https://rianroo.example';
  it('keeps paths of this site (and full URLs of this origin) in the app', () => {
    expect(linkTarget('/courses?q=หุ้น', origin)).toEqual({ internal: true, to: '/courses?q=หุ้น' });
    expect(linkTarget('https://rianroo.example/free-trial#x', origin)).toEqual({
      internal: true,
      to: '/free-trial#x',
    });
  });
  it('opens other sites as external links and refuses other schemes', () => {
    expect(linkTarget('https://line.me/rianroo', origin)).toEqual({
      internal: false,
      href: 'https://line.me/rianroo',
    });
    expect(linkTarget('javascript:alert(1)', origin)).toBeNull();
    expect(linkTarget('//evil.example/x', origin)).toBeNull();
    expect(linkTarget('  ', origin)).toBeNull();
    expect(linkTarget(null, origin)).toBeNull();
  });
});

describe('dates of time-boxed content', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  it('shows from startsAt until endsAt; a missing or unreadable date does not limit', () => {
    expect(isLive({}, now)).toBe(true);
    expect(isLive({ startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-07-01T00:00:00Z' }, now)).toBe(true);
    expect(isLive({ startsAt: '2026-06-15T12:00:00Z' }, now)).toBe(true);
    expect(isLive({ startsAt: '2026-06-16T00:00:00Z' }, now)).toBe(false);
    expect(isLive({ endsAt: '2026-06-15T12:00:00Z' }, now)).toBe(false);
    expect(isLive({ endsAt: '2026-06-14T00:00:00Z', startsAt: null }, now)).toBe(false);
    expect(isLive({ startsAt: 'soon', endsAt: null }, now)).toBe(true);
  });
});
