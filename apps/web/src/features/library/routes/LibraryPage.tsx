import { useInAudience } from '../../../lib/audience';
import { Link } from 'react-router';
import type { CourseSummary } from '@rianroo/contract';
import { CourseCard, CourseGrid, CourseRow } from '../../../components/CourseCard';
import { clock } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useMe } from '../../../lib/use-session';
import { useAnnualPromotion } from '../api/annual-promotion';
import {
  useBecauseYouWatched,
  useCategoryCourses,
  useNewCourses,
  useOrganizationPicks,
  usePopularCourses,
  useTagCourses,
  useUserTags,
} from '../api/course-lists';
import { useLastWatched } from '../api/last-watched';
import { liveBanners, useLibraryBanners } from '../api/library-banners';
import { useMyCourses } from '../api/my-courses';
import { AnnualPromotionCard } from '../components/AnnualPromotionCard';
import { MyCourseCard } from '../components/MyCourseCard';
import { BannerCarousel, BannerPlaceholder } from '../components/BannerCarousel';
import { Shelf } from '../components/Shelf';

/**
 * The learner's library: the editors' banners, where they stopped, the annual offer (for learners without the
 * annual plan), their courses with progress, and what is new and popular.
 */
function Row({ courses }: { courses: CourseSummary[] }) {
  return (
    <CourseRow>
      {courses.slice(0, 6).map((c) => (
        <CourseCard key={c.id} course={c} />
      ))}
    </CourseRow>
  );
}

function TagShelf({ tag }: { tag: string }) {
  const { t } = useI18n();
  return (
    <Shelf title={t('library.tag', { tag })} query={useTagCourses(tag)}>
      {(items) => <Row courses={[...items].sort((a, b) => Number(b.free) - Number(a.free))} />}
    </Shelf>
  );
}

export default function LibraryPage() {
  const { t, lang } = useI18n();
  const me = useMe();
  const last = useLastWatched();
  const mine = useMyCourses();
  const fresh = useNewCourses();
  const popular = usePopularCourses();
  const orgPicks = useOrganizationPicks();
  const because = useBecauseYouWatched(me.data?.id, last.data?.course.id);
  const tags = useUserTags();
  const categories = useCategoryCourses();
  const bannerContent = useLibraryBanners();
  const banners = liveBanners(bannerContent.data ?? []);
  const promo = useAnnualPromotion().data;
  const inPromoAudience = useInAudience(promo?.audience ?? 'everyone');
  const lastCompleted = !!mine.data?.find((c) => c.id === last.data?.course.id)?.completed;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t('library.title')}</h1>
      <p className="mt-1 min-h-6 wrap-anywhere text-slate-600">
        {me.data && `${t('library.hello')} ${me.data.displayName || me.data.firstName}`}
      </p>
      {!bannerContent.settled && <BannerPlaceholder />}
      {banners.length > 0 && <BannerCarousel banners={banners} />}
      {last.data && (
        <section
          className="mt-6 rounded-2xl border border-teal-200 bg-teal-50 p-5"
          aria-label={t('library.continue')}
        >
          <p className="text-sm font-medium text-teal-900">{t('library.continue')}</p>
          <p className="mt-1 text-lg font-semibold">
            <Link to={`/courses/${last.data.course.slug}`} className="hover:underline">
              {last.data.course.title}
            </Link>
          </p>
          <p className="text-sm text-slate-700">
            {last.data.episode.title} · {t('library.at')} {clock(last.data.last_second)}
          </p>
          <Link
            to={`/library/course/${last.data.course.slug}/episode/${last.data.episode.id}`}
            className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-teal-700 px-5 font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {lastCompleted ? t('cert.library.review') : t('library.resume')}
          </Link>
        </section>
      )}
      {promo && inPromoAudience && me.data && !me.data.bought_annual && <AnnualPromotionCard promo={promo} />}
      <Shelf
        title={t('library.mine')}
        query={mine}
        empty={
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="mx-auto max-w-md text-slate-600">{t('library.empty')}</p>
            <Link
              to="/courses"
              className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-teal-700 px-4 text-sm font-medium text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            >
              {t('library.browse')}
            </Link>
          </div>
        }
      >
        {(items) => (
          <CourseGrid>
            {items.map((c) => (
              <MyCourseCard key={c.id} course={c} />
            ))}
          </CourseGrid>
        )}
      </Shelf>
      <Shelf title={t('library.orgPicks')} query={orgPicks}>
        {(items) => <Row courses={items} />}
      </Shelf>
      {last.data && (
        <Shelf title={t('library.because', { title: last.data.course.title })} query={because}>
          {(items) => <Row courses={items} />}
        </Shelf>
      )}
      {[
        { title: t('library.new'), query: fresh },
        { title: t('library.popular'), query: popular },
      ].map((shelf) => (
        <Shelf key={shelf.title} title={shelf.title} query={shelf.query}>
          {(items) => <Row courses={items} />}
        </Shelf>
      ))}
      {(tags.data ?? []).slice(0, 3).map((tag) => (
        <TagShelf key={tag} tag={tag} />
      ))}
      {(categories.data ?? []).map(
        ({ category, courses }) =>
          courses.length > 0 && (
            <section
              key={category.id}
              className="mt-10"
              aria-label={lang === 'en' ? category.nameEn : category.nameTh}
            >
              <h2 className="mb-4 text-xl font-semibold">
                {lang === 'en' ? category.nameEn : category.nameTh}
              </h2>
              <Row courses={courses} />
            </section>
          ),
      )}
    </div>
  );
}
