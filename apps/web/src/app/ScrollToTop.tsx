import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { overlayPage } from '../lib/overlay-route';

/**
 * Spec section 2: after every route change the page scrolls to the top; but not when a dialog with its own
 * address opens over the page or closes back to it (lib/overlay-route.ts): the page under it stays in place.
 */
export function ScrollToTop() {
  const { pathname, search, state } = useLocation();
  const overlay = overlayPage(state);
  const previous = useRef<{ pathname: string; overlay?: string }>(undefined);
  const overlayNow = useRef(overlay);
  overlayNow.current = overlay;
  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, overlay: overlayNow.current };
    if (before && (overlayNow.current === before.pathname || before.overlay === pathname)) return;
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
