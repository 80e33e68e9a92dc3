import { useEffect, useMemo, type ReactNode } from 'react';
import { checkoutUrl } from '../lib/checkout';
import { KEYS, read } from '../lib/storage';

/**
 * The way to an offer's checkout (spec section 4): the content service's checkout URL with `cid` (and `cpc`
 * on renewal pages). Without a URL the error is logged and `fallback` is shown instead.
 */
export function CheckoutLink({
  url,
  cpc,
  className,
  fallback = null,
  children,
}: {
  url: string | null;
  cpc?: string | null;
  className?: string;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const target = useMemo(() => {
    try {
      return { href: checkoutUrl(url, read(KEYS.uid), cpc) };
    } catch (error) {
      return { error };
    }
  }, [url, cpc]);
  useEffect(() => {
    if (target.error) console.error(target.error);
  }, [target]);
  if (!target.href) return fallback;
  return (
    <a href={target.href} className={className}>
      {children}
    </a>
  );
}
