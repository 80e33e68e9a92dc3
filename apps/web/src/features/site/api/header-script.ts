import { z } from 'zod/mini';
import { useContent } from '../../../lib/content';
import { dataParser, orElse } from '../../../lib/content-schema';

/** `header-script` of the content service: raw HTML for <head> (analytics, verification tags). */
export const parseHeaderScript = dataParser(
  'header-script',
  z.object({ html: orElse(z.string(), '') }),
  (d) => (d.html.trim() ? d.html : null),
);

/** Head scripts are the same in every language: asked for once, without a locale. */
export const useHeaderScript = () => useContent('header-script', parseHeaderScript, { localized: false });
