import { z } from 'zod/mini';
import { useContent } from '../../../lib/content';
import { toAudience, type Audience } from '../../../lib/audience';
import { dataParser, media, text, toMedia, type Media } from '../../../lib/content-schema';

export interface AnnualPromotion {
  title: string;
  body: string | null;
  priceText: string | null;
  image: Media | null;
  checkoutUrl: string | null;
  startsAt: string | null;
  endsAt: string | null;
  audience: Audience;
}

const schema = z.object({
  title: text,
  body: text,
  priceText: text,
  image: media,
  checkoutUrl: text,
  startsAt: text,
  endsAt: text,
  audience: text,
});

/** `annual-promotion`: nothing to show without a title. Its dates are checked where it is shown. */
export const parseAnnualPromotion = dataParser(
  'annual-promotion',
  schema,
  (d, source): AnnualPromotion | null =>
    d.title
      ? { ...d, title: d.title, image: toMedia(source, d.image), audience: toAudience(d.audience) }
      : null,
);

export const useAnnualPromotion = () => useContent('annual-promotion', parseAnnualPromotion);
