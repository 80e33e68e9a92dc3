/**
 * A dialog with its own address over a page (a course page's free preview at /courses/:slug/preview/:id): the
 * navigation that opens it carries the page's path in its state, so the page stays where it was scrolled
 * (app/ScrollToTop.tsx) and closing goes back in the history instead of adding to it.
 */
export const overlayOf = (pagePath: string) => ({ overlayOf: pagePath });

/** The path of the page under an overlay address, from the navigation's state; undefined for any other. */
export function overlayPage(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('overlayOf' in state)) return undefined;
  return typeof state.overlayOf === 'string' ? state.overlayOf : undefined;
}
