import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec section 2: after every route change the page scrolls to the top. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
