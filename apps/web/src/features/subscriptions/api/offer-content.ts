import { z } from 'zod/mini';
import { dataParser, media, text, toMedia, type Media } from '../../../lib/content-schema';

/** The editors' page of an offer (`free-trial`, `renewal`): title, body, image, checkout URL, call to action. */
export interface OfferContent {
  title: string | null;
  body: string | null;
  image: Media | null;
  checkoutUrl: string | null;
  cta: string | null;
}

const schema = z.object({ title: text, body: text, image: media, checkoutUrl: text, cta: text });

export const offerParser = (name: string) =>
  dataParser(name, schema, (d, source): OfferContent | null => {
    const offer = { ...d, image: toMedia(source, d.image) };
    return offer.title || offer.body || offer.image || offer.checkoutUrl ? offer : null;
  });
