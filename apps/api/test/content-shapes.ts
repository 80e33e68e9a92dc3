import { z } from 'zod';

// The answers the web client parses (apps/web/src/lib/content*.ts): Strapi 5's flat `{ data, meta }`.

export const mediaShape = z.object({
  url: z.string().regex(/^\/uploads\/.+\.png$/),
  width: z.number(),
  height: z.number(),
  mime: z.string(),
  formats: z.record(z.string(), z.object({ url: z.string(), width: z.number() })).nullable(),
});

const entry = { id: z.number(), documentId: z.string(), publishedAt: z.string() };
const localized = { ...entry, locale: z.enum(['th', 'en']) };

export const headerScript = z.object({ ...entry, html: z.string() });
export const announcementBar = z.object({
  ...localized,
  enabled: z.boolean(),
  message: z.string(),
  link: z.string().nullable(),
  linkLabel: z.string().nullable(),
  audience: z.enum(['everyone', 'visitors', 'learners_without_plan', 'subscribers', 'non_subscribers']),
});
export const annualPromotion = z.object({
  ...localized,
  title: z.string(),
  body: z.string(),
  priceText: z.string(),
  image: mediaShape,
  checkoutUrl: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  audience: z.enum(['everyone', 'visitors', 'learners_without_plan', 'subscribers', 'non_subscribers']),
});
export const libraryBanner = z.object({
  ...localized,
  image: mediaShape,
  alt: z.string(),
  link: z.string(),
  order: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export const offer = z.object({
  ...localized,
  title: z.string(),
  body: z.string(),
  image: mediaShape,
  checkoutUrl: z.string(),
  cta: z.string(),
});
export const course = z.object({
  ...localized,
  slug: z.string(),
  tagline: z.string(),
  longDescription: z.string(),
  highlights: z.array(z.string()),
  whatYouWillLearn: z.array(z.string()),
  instructorBio: z.string(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  cover: mediaShape,
  seoTitle: z.string(),
  seoDescription: z.string(),
});

export const single = <T extends z.ZodType>(data: T) => z.object({ data, meta: z.object({}) });
export const collection = <T extends z.ZodType>(data: T) =>
  z.object({
    data: z.array(data),
    meta: z.object({ pagination: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }) }),
  });
/** Strapi's own error answer (the content service's, not the API's). */
export const strapiError = (status: number) =>
  z.object({
    data: z.null(),
    error: z.object({ status: z.literal(status), name: z.string(), message: z.string() }),
  });
