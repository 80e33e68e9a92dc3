import { z } from 'zod/mini';
import { useContent } from '../../../lib/content';
import {
  dataParser,
  list,
  media,
  optional,
  text,
  texts,
  toMedia,
  type Media,
} from '../../../lib/content-schema';

/** What the editors add to a course page (PRODUCT.md section 9), joined to the course by its slug. */
export interface CourseDetails {
  tagline: string | null;
  longDescription: string | null;
  highlights: string[];
  whatYouWillLearn: string[];
  instructorBio: string | null;
  faq: { question: string; answer: string }[];
  cover: Media | null;
  seoTitle: string | null;
  seoDescription: string | null;
}

const course = z.object({
  slug: text,
  tagline: text,
  longDescription: text,
  highlights: texts,
  whatYouWillLearn: texts,
  instructorBio: text,
  faq: list(z.object({ question: text, answer: text })),
  cover: media,
  seoTitle: text,
  seoDescription: text,
});

export const courseDetailsPath = (slug: string) => `courses?filters[slug][$eq]=${encodeURIComponent(slug)}`;

/** `courses?filters[slug][$eq]=`: the first entry with this slug, or none. */
export const courseDetailsParser = (slug: string) =>
  dataParser('courses', z.array(optional(course)), (list, source): CourseDetails | null => {
    const found = list.find((c) => c && (c.slug === slug || c.slug === null)) ?? null;
    if (!found) return null;
    const faq = found.faq.flatMap((f) =>
      f?.question && f.answer ? [{ question: f.question, answer: f.answer }] : [],
    );
    return { ...found, faq, cover: toMedia(source, found.cover) };
  });

export const useCourseDetails = (slug: string) =>
  useContent(slug ? courseDetailsPath(slug) : null, courseDetailsParser(slug));
