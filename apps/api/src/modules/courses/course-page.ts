import {
  courseOutline,
  courseOutlinePath,
  coverSrcset,
  membersFromSatang,
  slugParams,
  type CourseOutline,
} from '@rianroo/contract';
import { AppError } from '../../lib/errors.js';
import { escapeHtml, metaTags, scriptJson } from '../../lib/html.js';
import type { PageParts } from '../../plugins/web.js';
import type { PlansOnSale } from './catalog-page.js';
import type { CoursesService } from './courses.service.js';
import { levelName, minutes, priceWords, ratingWords, SITE_NAME } from './page-words.js';

/** The course page's app chunk (apps/web), fetched beside the entry script. */
const CHUNK = 'src/features/courses/routes/CoursePage.tsx';

/** A description for link previews and search results: one paragraph, cut at a word near 200 characters. */
function summary(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 200) return flat;
  const cut = flat.slice(0, 200);
  const space = cut.lastIndexOf(' ');
  return `${space > 120 ? cut.slice(0, space) : cut}…`;
}

const describe = ({ course }: CourseOutline) =>
  summary(course.subtitle || course.description || course.title);

/**
 * Link previews (LINE, Facebook, X) show JPEG, PNG, WebP or GIF, never SVG (the demo's drawn covers); of an
 * uploaded cover's copies, the largest (previews are drawn up to 1200 px wide).
 */
const previewImage = ({ course }: CourseOutline, publicUrl: string) =>
  course.coverImage && !/\.svg(\?|$)/i.test(course.coverImage)
    ? new URL(
        coverSrcset(course.coverImage)
          ? course.coverImage.replace(/-720\.webp$/, '-1280.webp')
          : course.coverImage,
        `${publicUrl}/`,
      ).href
    : undefined;

/**
 * The course for search engines (schema.org `Course`, as Google's course rich results read it): who offers it,
 * what it costs (free, or the members' price from the plans on sale), how it is taken, and its rating only when
 * the page shows one. As JSON in a script element, `<` written \u003c: a title cannot close the element.
 */
function courseJsonLd(outline: CourseOutline, publicUrl: string, membersFrom: number | null) {
  const { course, instructors } = outline;
  const url = `${publicUrl}/courses/${encodeURIComponent(course.slug)}`;
  const image = previewImage(outline, publicUrl);
  const offer = course.free
    ? { '@type': 'Offer', category: 'Free', price: 0, priceCurrency: 'THB', url }
    : membersFrom !== null
      ? {
          '@type': 'Offer',
          category: 'Subscription',
          price: membersFrom / 100,
          priceCurrency: 'THB',
          url: `${publicUrl}/pricing`,
        }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: describe(outline),
    url,
    inLanguage: course.language || 'th',
    ...(image ? { image } : {}),
    provider: { '@type': 'Organization', name: SITE_NAME, url: publicUrl },
    ...(offer ? { offers: [offer] } : {}),
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseWorkload: `PT${minutes(course.totalDurationSeconds)}M`,
        ...(instructors.length
          ? { instructor: instructors.map((i) => ({ '@type': 'Person', name: i.name })) }
          : {}),
      },
    ],
    ...(course.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: course.rating.average,
            ratingCount: course.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

function head(outline: CourseOutline, publicUrl: string, membersFrom: number | null) {
  const { course } = outline;
  const url = `${publicUrl}/courses/${encodeURIComponent(course.slug)}`;
  const description = describe(outline);
  const image = previewImage(outline, publicUrl);
  const tags: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', SITE_NAME],
    ['og:locale', 'th_TH'],
    ['og:title', course.title],
    ['og:description', description],
    ['og:url', url],
    ...(image ? ([['og:image', image]] as [string, string][]) : []),
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', course.title],
    ['twitter:description', description],
  ];
  return (
    `<link rel="canonical" href="${escapeHtml(url)}">${metaTags(tags)}` +
    `<script type="application/ld+json">${scriptJson(courseJsonLd(outline, publicUrl, membersFrom))}</script>`
  );
}

function body({ course, episodes }: CourseOutline, membersFrom: number | null) {
  const facts = [
    `${course.episodeCount} ตอน`,
    `${minutes(course.totalDurationSeconds)} นาที`,
    ...(course.free ? ['เรียนฟรี'] : []),
  ].join(' · ');
  const episode = (e: CourseOutline['episodes'][number]) => {
    const mark = course.free ? 'เรียนฟรี' : e.isTeaser ? 'ดูตัวอย่างฟรี' : 'สำหรับสมาชิก';
    return `<li><span>${e.sort}. ${escapeHtml(e.title)}</span><small>${mark} · ${minutes(e.durationSeconds)} นาที</small></li>`;
  };
  // The way in: the library's page of the course, which asks an anonymous visitor to log in or sign up first.
  const start = `/library/course/${encodeURIComponent(course.slug)}`;
  return (
    `<div class="boot-page"><p class="boot-l">${levelName(course.level)}</p><h1 class="boot-t boot-t3">${escapeHtml(course.title)}</h1>` +
    (course.subtitle ? `<p class="boot-s2">${escapeHtml(course.subtitle)}</p>` : '') +
    `<p class="boot-n">${facts}</p>` +
    `<p class="boot-n">${priceWords(course.free, membersFrom)}${course.rating ? ` · ★ ${ratingWords(course.rating)}` : ''}</p>` +
    (course.description ? `<p class="boot-d">${escapeHtml(course.description)}</p>` : '') +
    `<p><a class="boot-a" href="${start}">เข้าเรียนคอร์สนี้</a></p>` +
    `<h2 class="boot-h2">เนื้อหาในคอร์ส</h2><ol class="boot-e">${episodes.map(episode).join('')}</ol></div>`
  );
}

/**
 * /courses/:slug before any script: the course's title, facts, price words, rating, description and episodes as
 * plain HTML, its title, link-preview tags and schema.org data in the head (LINE, Facebook and search engines
 * read the page without running it), the same outline the API answers embedded for the app, and the page's
 * chunks preloaded. A course that is not published gives a 404 and nothing else: the app asks, and says so.
 */
export function coursePage(courses: CoursesService, publicUrl: string, plans: PlansOnSale) {
  return async (path: string): Promise<PageParts | undefined> => {
    const raw = /^\/courses\/([^/]+)\/?$/.exec(path)?.[1];
    if (!raw) return undefined;
    let slug: string;
    try {
      slug = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (!slugParams.safeParse({ slug }).success) return undefined;
    let outline: CourseOutline;
    let membersFrom: number | null;
    try {
      const [found, onSale] = await Promise.all([courses.outline(slug), plans()]);
      outline = courseOutline.parse(found);
      membersFrom = membersFromSatang(onSale);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return { status: 404 };
      throw err;
    }
    return {
      title: `${outline.course.title} · ${SITE_NAME}`,
      description: describe(outline),
      head: head(outline, publicUrl, membersFrom),
      body: body(outline, membersFrom),
      data: { [courseOutlinePath(slug)]: outline },
      chunks: [CHUNK],
    };
  };
}
