import type { CourseSummary } from '@rianroo/contract';
import { COVER_SIZES, coverSrcset } from '@rianroo/contract/paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { minutes } from '../lib/format';
import { useI18n, type MessageKey } from '../lib/i18n';
import { CoursePrice } from './CoursePrice';
import { CourseRating } from './CourseRating';

/**
 * A course in a grid: cover (or a calm placeholder), title, what it costs and its rating (when shown), length,
 * and optionally my progress.
 */
export function CourseCard({
  course,
  progress,
  to = `/courses/${course.slug}`,
  priority = false,
  children,
}: {
  course: CourseSummary;
  /** The first card above the fold: its cover is fetched at once, with a high priority (others lazily). */
  priority?: boolean;
  progress?: number;
  /** Where the title leads: the course page, or (for my courses) straight into the player. */
  to?: string;
  /** More about the course at the foot of the card (my badges and actions). */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div
        aria-hidden="true"
        className={`flex aspect-video items-center justify-center bg-gradient-to-br from-teal-600 to-emerald-800 text-center text-lg font-semibold text-white ${course.coverImage ? '' : 'p-4'}`}
      >
        {course.coverImage ? (
          <img
            src={course.coverImage}
            // An uploaded cover's WebP copies: a phone takes the 360 or 720 px one, not the upload (issue 36).
            srcSet={coverSrcset(course.coverImage)}
            sizes={coverSrcset(course.coverImage) ? COVER_SIZES : undefined}
            alt=""
            width={320}
            height={180}
            // The first card of a list is its largest paint on a phone: fetched first; the others when near.
            fetchPriority={priority ? 'high' : undefined}
            loading={priority ? undefined : 'lazy'}
            className="h-full w-full object-cover"
          />
        ) : (
          course.title
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold text-slate-900">
          <Link
            to={to}
            className="rounded hover:underline focus-visible:outline-3 focus-visible:outline-teal-600"
          >
            {course.title}
          </Link>
        </h3>
        {course.subtitle && <p className="line-clamp-2 text-sm text-slate-600">{course.subtitle}</p>}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <CoursePrice free={course.free} />
          {course.rating && <CourseRating rating={course.rating} />}
        </p>
        <p className="mt-auto flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span>
            {t('course.episodes', { n: course.episodeCount })} · {minutes(course.totalDurationSeconds)}{' '}
            {t('course.minutes')}
          </span>
          <span>· {t(`level.${course.level}` as MessageKey)}</span>
        </p>
        {progress !== undefined && (
          <div className="mt-1">
            <div
              className="h-2 overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-valuenow={Math.round(progress)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label={t('library.progress')}
            >
              <div
                className="h-full rounded-full bg-teal-600"
                style={{ width: `${Math.min(100, progress)}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-slate-600">
              {t('library.progress')} {Math.round(progress)}%
            </p>
          </div>
        )}
        {children}
      </div>
    </article>
  );
}

export function CourseGrid({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

/** A row of courses: on a phone it scrolls sideways (the page stays short), from 640 px it is a grid. */
export function CourseRow({ children }: { children: React.ReactNode }) {
  return (
    <div className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-5 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3 [&>*]:w-[78%] [&>*]:shrink-0 [&>*]:snap-start sm:[&>*]:w-auto">
      {children}
    </div>
  );
}
