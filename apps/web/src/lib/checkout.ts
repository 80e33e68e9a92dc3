/** Spec section 8: a checkout without a URL cannot go anywhere. */
export const MISSING_CHECKOUT_URL = 'Missing Checkout Url';

/** Base64 of the text's UTF-8 bytes (user ids are ASCII, but nothing here depends on it). */
function base64(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Spec section 4: the checkout redirect appends `cid`, the user id in base64, to the offer's checkout URL;
 * on renewal pages a `cpc` (promo code) from the page's query is kept too. A missing URL (or one that is
 * not http(s)) raises "Missing Checkout Url". Relative URLs are taken from this site.
 */
export function checkoutUrl(
  url: string | null | undefined,
  userId: string | null | undefined,
  cpc?: string | null,
  origin: string = window.location.origin,
): string {
  if (!url?.trim()) throw new Error(MISSING_CHECKOUT_URL);
  const target = new URL(url.trim(), origin);
  // An editor's `javascript:` (or any other scheme) is no way to pay: like no URL at all.
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(MISSING_CHECKOUT_URL);
  if (userId) target.searchParams.set('cid', base64(userId));
  if (cpc) target.searchParams.set('cpc', cpc);
  return target.toString();
}
