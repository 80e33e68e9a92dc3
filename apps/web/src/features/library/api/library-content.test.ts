import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAnnualPromotion } from './annual-promotion';
import { liveBanners, parseLibraryBanners } from './library-banners';

const source = { contentUrl: '/cms', contentToken: 't' };
const image = (url: string, extra: object = {}) => ({
  url,
  alternativeText: null,
  width: 1600,
  height: 500,
  ...extra,
});
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('library-banners', () => {
  const answer = {
    data: [
      {
        id: 1,
        documentId: 'b1',
        image: image('/uploads/b1.png'),
        alt: 'ลด 30%',
        link: '/free-trial',
        order: 2,
        startsAt: null,
        endsAt: null,
      },
      {
        id: 2,
        documentId: 'b2',
        image: image('https://cdn.example/b2.png', { alternativeText: 'คอร์สใหม่' }),
        alt: null,
        link: null,
        order: 1,
      },
      { id: 3, documentId: 'b3', image: null, alt: 'no image', order: 0 },
      'garbage',
      { id: 4, image: { url: 'javascript:alert(1)' }, order: 5 },
    ],
    meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 5 } },
  };

  it('reads banners with images (relative media made usable), leaving out the broken ones', () => {
    const banners = parseLibraryBanners(answer, source)!;
    expect(banners.map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(banners[0]).toMatchObject({ alt: 'ลด 30%', link: '/free-trial', order: 2 });
    expect(banners[0]!.image).toMatchObject({ src: '/cms/uploads/b1.png', width: 1600, height: 500 });
    // Without its own alt text a banner takes the image's.
    expect(banners[1]).toMatchObject({
      alt: 'คอร์สใหม่',
      link: null,
      image: { src: 'https://cdn.example/b2.png' },
    });
  });

  it('makes a srcset from the renditions Strapi keeps', () => {
    const [b] = parseLibraryBanners(
      {
        data: [
          {
            documentId: 'x',
            image: image('/uploads/x.png', {
              formats: { small: { url: '/uploads/small_x.png', width: 500 }, thumbnail: { url: 'bad' } },
            }),
            order: 0,
          },
        ],
      },
      source,
    )!;
    expect(b!.image.srcSet).toBe('/cms/uploads/small_x.png 500w, /cms/uploads/x.png 1600w');
  });

  it('gives nothing for a wrong shape', () => {
    expect(parseLibraryBanners({ data: { not: 'a list' } }, source)).toBeNull();
    expect(parseLibraryBanners({ data: [] }, source)).toEqual([]);
  });

  it('shows banners within their dates, in the editors order', () => {
    const now = Date.parse('2026-03-10T00:00:00Z');
    const b = (id: string, order: number, startsAt: string | null, endsAt: string | null) => ({
      id,
      image: { src: `/${id}.png`, srcSet: undefined, alt: null, width: null, height: null },
      alt: id,
      link: null,
      order,
      startsAt,
      endsAt,
    });
    const list = [
      b('later', 1, '2026-04-01T00:00:00Z', null),
      b('ended', 0, null, '2026-03-01T00:00:00Z'),
      b('second', 5, '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z'),
      b('first', 2, null, null),
      b('ends-now', 3, null, '2026-03-10T00:00:00Z'),
    ];
    expect(liveBanners(list, now).map((x) => x.id)).toEqual(['first', 'second']);
  });
});

describe('annual-promotion', () => {
  it('reads the offer', () => {
    const promo = parseAnnualPromotion(
      {
        data: {
          title: 'รายปีลด 40%',
          body: 'ดูได้ทุกคอร์ส\nตลอดปี',
          priceText: '฿2,990 / ปี',
          image: image('/uploads/annual.png'),
          checkoutUrl: 'https://pay.example/annual',
          startsAt: '2026-01-01T00:00:00.000Z',
          endsAt: null,
        },
      },
      source,
    );
    expect(promo).toMatchObject({
      title: 'รายปีลด 40%',
      body: 'ดูได้ทุกคอร์ส\nตลอดปี',
      priceText: '฿2,990 / ปี',
      checkoutUrl: 'https://pay.example/annual',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      image: { src: '/cms/uploads/annual.png' },
    });
  });
  it('has nothing to show without a title', () => {
    expect(
      parseAnnualPromotion({ data: { body: 'x', checkoutUrl: 'https://pay.example' } }, source),
    ).toBeNull();
    expect(parseAnnualPromotion({ data: null }, source)).toBeNull();
  });
});
