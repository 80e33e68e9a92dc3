import { z } from 'zod/mini';
import { isLive, useContent } from '../../../lib/content';
import { dataParser, media, num, optional, text, toMedia, type Media } from '../../../lib/content-schema';

export interface LibraryBanner {
  id: string;
  image: Media;
  alt: string;
  link: string | null;
  order: number;
  startsAt: string | null;
  endsAt: string | null;
}

const banner = z.object({
  id: optional(z.union([z.string(), z.number()])),
  documentId: text,
  image: media,
  alt: text,
  link: text,
  order: num(0),
  startsAt: text,
  endsAt: text,
});

/** `library-banners`: a list; a banner without an image is left out, the others keep going. */
export const parseLibraryBanners = dataParser('library-banners', z.array(optional(banner)), (list, source) =>
  list.flatMap((b, i): LibraryBanner[] => {
    const image = b && toMedia(source, b.image);
    if (!b || !image) return [];
    const id = b.documentId ?? (b.id !== null ? String(b.id) : `banner-${i}`);
    const { alt, link, order, startsAt, endsAt } = b;
    return [{ id, image, alt: alt ?? image.alt ?? '', link, order, startsAt, endsAt }];
  }),
);

/** The banners to show now: within their dates, in the editors' order. */
export function liveBanners(banners: LibraryBanner[], now: number = Date.now()): LibraryBanner[] {
  return banners.filter((b) => isLive(b, now)).sort((a, b) => a.order - b.order);
}

export const useLibraryBanners = () => useContent('library-banners', parseLibraryBanners);
