import { afterEach, describe, expect, it, vi } from 'vitest';
import { getContent, headerScriptHtml, injectHeadHtml } from './content';

afterEach(() => {
  document.head.querySelectorAll('[data-cms-head]').forEach((n) => n.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('header scripts into the head (spec section 2)', () => {
  it('adds scripts as new script elements (so they run) and other head tags as they are, once', () => {
    const html =
      '<script>window.__x = 1</script><meta name="verify" content="abc"><script src="https://t.example/a.js" async></script>';
    expect(injectHeadHtml(html)).toBe(3);
    const scripts = document.head.querySelectorAll('script[data-cms-head]');
    expect(scripts).toHaveLength(2);
    expect(scripts[0]!.textContent).toBe('window.__x = 1');
    expect(scripts[1]!.getAttribute('src')).toBe('https://t.example/a.js');
    expect(document.head.querySelector('meta[name="verify"]')).not.toBeNull();
    expect(injectHeadHtml(html)).toBe(0);
  });

  it('adds nothing for empty content', () => {
    expect(injectHeadHtml('   ')).toBe(0);
    expect(headerScriptHtml(null)).toBe('');
    expect(headerScriptHtml({ data: { script: '<script></script>' } })).toBe('<script></script>');
  });
});

describe('content client (spec sections 7 and 8)', () => {
  it('does nothing without a content service', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await getContent({ contentUrl: null, contentToken: null }, 'header-script')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the fixed bearer, and a failure is logged and gives nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => new Response('{"data":{"script":"x"}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const source = { contentUrl: 'http://cms.local/', contentToken: 'read-token' };
    expect(await getContent(source, 'header-script')).toEqual({ data: { script: 'x' } });
    expect(fetchMock).toHaveBeenCalledWith('http://cms.local/api/header-script', {
      headers: { authorization: 'Bearer read-token' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    expect(await getContent(source, 'header-script')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('down'))),
    );
    expect(await getContent(source, 'header-script')).toBeNull();
    expect(console.error).toHaveBeenCalled();
  });
});
