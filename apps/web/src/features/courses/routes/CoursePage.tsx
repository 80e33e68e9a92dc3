import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import { Alert } from '../../../components/ui/Card';
import { PageFallback } from '../../../components/PageFallback';
import { ApiError } from '../../../lib/api-error';
import { minutes } from '../../../lib/format';
import { useErrorText } from '../../../lib/forms';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { overlayOf } from '../../../lib/overlay-route';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { useLoggedIn } from '../../../lib/use-session';
import { useCourseDetails } from '../api/course-details';
import { useOutline } from '../api/outline';
import { CourseCover, CourseHighlights, CourseLearning, InstructorBio } from '../components/CourseExtras';
import { Faq } from '../components/Faq';
import { MembershipPrice } from '../components/MembershipPrice';
import { CoursePrice } from '../../../components/CoursePrice';
import { CourseRating } from '../../../components/CourseRating';

/** How long the page waits for the editors' details before it shows without them (then they slot in). */
const DETAILS_GRACE_MS = 700;

/**
 * The public course page: what the course is (with the editors' details from the content service, joined
 * by slug), its episodes (teasers free), and the way in.
 */
export default function CoursePage() {
  const { slug = '' } = useParams();
  const { t } = useI18n();
  const errorText = useErrorText();
  const loggedIn = useLoggedIn();
  const outline = useOutline(slug);
  const { data: details, settled } = useCourseDetails(slug);
  const [graceOver, setGraceOver] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setGraceOver(true), DETAILS_GRACE_MS);
    return () => window.clearTimeout(id);
  }, []);
  const title = outline.data?.course.title;
  const outlineCourse = outline.data?.course;
  useDocumentMeta(
    details?.seoTitle ?? (title && `${title} · ${t('app.name')}`),
    details?.seoDescription ?? (outlineCourse && (outlineCourse.subtitle || outlineCourse.description)),
  );
  // The server's own drawing of this page (before any script) stays until this one is ready; else a spinner.
  if (outline.isPending || (!settled && !graceOver)) return <PageFallback label={t('common.loading')} />;
  if (outline.isError) {
    const missing = outline.error instanceof ApiError && outline.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert>{missing ? t('course.notFound') : errorText(outline.error)}</Alert>
        <Link to="/courses" className="mt-4 inline-block text-sm font-medium text-teal-800 hover:underline">
          {t('library.browse')}
        </Link>
      </div>
    );
  }
  const { course, episodes, instructors } = outline.data;
  const teasers = episodes.filter((e) => e.isTeaser).length;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm font-medium text-teal-800">{t(`level.${course.level}` as MessageKey)}</p>
      <h1 className="mt-1 text-3xl font-bold">{course.title}</h1>
      {course.subtitle && <p className="mt-2 text-lg text-slate-700">{course.subtitle}</p>}
      {details?.tagline && <p className="mt-2 font-medium text-teal-800">{details.tagline}</p>}
      <p className="mt-3 text-sm text-slate-600">
        {t('course.episodes', { n: course.episodeCount })} · {minutes(course.totalDurationSeconds)}{' '}
        {t('course.minutes')}
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <CoursePrice free={course.free} />
        {course.rating && <CourseRating rating={course.rating} />}
      </p>
      <CourseCover details={details} />
      <p className="mt-6 leading-relaxed text-slate-800">{course.description}</p>
      <Link
        to={
          loggedIn
            ? `/library/course/${course.slug}`
            : `/register?redirect=${encodeURIComponent(`/library/course/${course.slug}`)}`
        }
        className="mt-6 inline-flex min-h-12 items-center rounded-lg bg-teal-700 px-6 font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        {loggedIn ? t('course.toLibrary') : t('course.start')}
      </Link>
      <Link
        to={`/summary-document/${course.slug}`}
        className="mt-6 ml-3 inline-flex min-h-12 items-center rounded-lg border border-slate-300 bg-white px-5 font-medium text-teal-800 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        {t('course.summaryDocument')}
      </Link>
      <CourseHighlights details={details} />
      <section
        aria-labelledby="what-you-get"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="what-you-get" className="text-lg font-semibold">
          {t('course.whatYouGet')}
        </h2>
        <ul className="mt-3 grid gap-2 text-sm text-slate-800 sm:grid-cols-2">
          <li>
            ▶ {t('course.videoEpisodes', { n: course.episodeCount })} ({minutes(course.totalDurationSeconds)}{' '}
            {t('course.minutes')})
          </li>
          {!course.free && teasers > 0 && <li>✓ {t('course.freePreviews', { n: teasers })}</li>}
          <li>✓ {t('course.getSummary')}</li>
          <li>✓ {t('course.getResume')}</li>
          <li>✓ {t('course.getDevices')}</li>
          <li>✓ {course.free ? t('course.getFree') : t('course.getMembers')}</li>
        </ul>
        {!course.free && <MembershipPrice />}
      </section>
      <CourseLearning details={details} />
      <h2 className="mt-10 text-xl font-semibold">{t('course.outline')}</h2>
      <ol className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {episodes.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
            <span>
              <span className="mr-2 text-slate-500">{e.sort}.</span>
              {e.title}
            </span>
            <span className="flex shrink-0 items-center gap-2 text-xs text-slate-600">
              {e.isTeaser && !course.free ? (
                // A visitor watches in a dialog over this page (features/player PreviewDialog), a learner in the player.
                <Link
                  to={
                    loggedIn
                      ? `/library/course/${course.slug}/episode/${e.id}`
                      : `/courses/${course.slug}/preview/${e.id}`
                  }
                  state={loggedIn ? undefined : overlayOf(`/courses/${course.slug}`)}
                  aria-label={t('preview.watchEpisode', { title: e.title })}
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-teal-700 px-3 text-sm font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
                >
                  <span aria-hidden="true">▶</span>
                  {t('preview.watch')}
                </Link>
              ) : e.isTeaser || course.free ? (
                <span className="rounded-full bg-teal-100 px-2 py-0.5 font-medium text-teal-900">
                  {course.free ? t('course.free') : t('course.teaser')}
                </span>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5">{t('course.locked')}</span>
              )}
              {minutes(e.durationSeconds)} {t('course.minutes')}
            </span>
          </li>
        ))}
      </ol>
      {instructors.length > 0 && (
        <section aria-labelledby="instructors" className="mt-10">
          <h2 id="instructors" className="text-xl font-semibold">
            {instructors.length > 1 ? t('course.instructors') : t('course.instructor')}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {instructors.map((i) => (
              <li key={i.id} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4">
                {i.avatarUrl ? (
                  <img src={i.avatarUrl} alt="" className="size-14 shrink-0 rounded-full object-cover" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex size-14 shrink-0 items-center justify-center rounded-full bg-teal-100 text-xl font-semibold text-teal-900"
                  >
                    {i.name.slice(0, 1)}
                  </span>
                )}
                <div>
                  <p className="font-semibold">{i.name}</p>
                  {i.headline && <p className="text-sm text-teal-800">{i.headline}</p>}
                  {i.bio && <p className="mt-2 text-sm leading-relaxed text-slate-700">{i.bio}</p>}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <InstructorBio details={details} />
      <Faq title={t('course.faq')} items={details?.faq ?? []} />
      {/* A free preview opened from this page (its own address), over it. */}
      <Suspense fallback={null}>
        <Outlet context={outline.data} />
      </Suspense>
    </div>
  );
}
