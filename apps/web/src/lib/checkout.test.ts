import { describe, expect, it } from 'vitest';
import { checkoutUrl, MISSING_CHECKOUT_URL } from './checkout';

const uid = '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a';
const cid = btoa(uid);

describe('checkout redirect (spec section 4)', () => {
  it('appends cid, the user id in base64, keeping the offer URL and its query', () => {
    const url = new URL(checkoutUrl('https://pay.example/checkout/annual?plan=annual#top', uid));
    expect(url.origin + url.pathname).toBe('https://pay.example/checkout/annual');
    expect(url.searchParams.get('plan')).toBe('annual');
    expect(url.searchParams.get('cid')).toBe(cid);
    expect(atob(url.searchParams.get('cid')!)).toBe(uid);
    expect(url.searchParams.has('cpc')).toBe(false);
    expect(url.hash).toBe('#top');
  });

  it('keeps cpc on renewal pages that have one', () => {
    const url = new URL(checkoutUrl('https://pay.example/renew', uid, 'SAVE20'));
    expect(url.searchParams.get('cid')).toBe(cid);
    expect(url.searchParams.get('cpc')).toBe('SAVE20');
    expect(new URL(checkoutUrl('https://pay.example/renew', uid, '')).searchParams.has('cpc')).toBe(false);
  });

  it('replaces a cid already in the URL rather than sending two', () => {
    const url = new URL(checkoutUrl('https://pay.example/c?cid=someone-else', uid));
    expect(url.searchParams.getAll('cid')).toEqual([cid]);
  });

  it('takes a relative URL from this site', () => {
    expect(checkoutUrl('/checkout/monthly', uid, null, 'https://rianroo.example')).toBe(
      `https://rianroo.example/checkout/monthly?cid=${encodeURIComponent(cid)}`,
    );
  });

  it('raises "Missing Checkout Url" without a URL', () => {
    for (const missing of [null, undefined, '', '   ']) {
      expect(() => checkoutUrl(missing, uid)).toThrow(MISSING_CHECKOUT_URL);
    }
    expect(MISSING_CHECKOUT_URL).toBe('Missing Checkout Url');
  });

  it('refuses a URL of another scheme than http(s) as it refuses a missing one', () => {
    for (const bad of ['javascript:alert(1)//', 'data:text/html,<script>1</script>', 'JAVASCRIPT:void(0)']) {
      expect(() => checkoutUrl(bad, uid)).toThrow(MISSING_CHECKOUT_URL);
    }
  });
});
