import { afterEach, describe, expect, it } from 'vitest';
import { injectHeadHtml, pageNonce } from './head-html';

afterEach(() => {
  document.head.querySelectorAll('[data-cms-head], meta[property="csp-nonce"]').forEach((n) => n.remove());
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

  it('gives the scripts the page nonce (the CSP lets only those run), never one of the editors', () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'r4nd0m');
    document.head.appendChild(meta);
    expect(pageNonce()).toBe('r4nd0m');
    injectHeadHtml('<script nonce="guess">1</script><script src="https://t.example/b.js"></script>');
    const scripts = Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[data-cms-head]'));
    expect(scripts.map((s) => s.nonce || s.getAttribute('nonce'))).toEqual(['r4nd0m', 'r4nd0m']);
    // External scripts without async keep their order, as they would in the page's own HTML.
    expect(scripts[1]!.async).toBe(false);
  });

  it('adds nothing for empty content, and no nonce where the page has none', () => {
    expect(injectHeadHtml('   ')).toBe(0);
    expect(pageNonce()).toBe('');
    injectHeadHtml('<script>2</script>');
    expect(document.head.querySelector('script[data-cms-head]')!.hasAttribute('nonce')).toBe(false);
  });
});
