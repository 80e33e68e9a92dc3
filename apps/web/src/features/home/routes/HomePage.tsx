import { Link } from 'react-router';
import { CourseCard, CourseGrid } from '../../../components/CourseCard';
import { useFeatured } from '../api/featured';
import { HomePlans } from '../components/HomePlans';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { useLoggedIn } from '../../../lib/use-session';

const features: { title: MessageKey; body: MessageKey; icon: string }[] = [
  { title: 'home.f1.title', body: 'home.f1.body', icon: 'M5 3l14 9-14 9V3z' },
  {
    title: 'home.f2.title',
    body: 'home.f2.body',
    icon: 'M12 15a6 6 0 100-12 6 6 0 000 12zm-4 0l-2 7 6-3 6 3-2-7',
  },
  { title: 'home.f3.title', body: 'home.f3.body', icon: 'M4 7h16v12H4zM8 3v4m8-4v4M4 11h16' },
];

export default function HomePage() {
  const { t } = useI18n();
  const loggedIn = useLoggedIn();
  const featured = useFeatured();
  return (
    <>
      <section className="bg-gradient-to-b from-teal-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-teal-800">{t('app.tagline')}</p>
          <h1 className="mt-3 max-w-3xl text-3xl leading-tight font-bold text-slate-900 sm:text-5xl">
            {t('home.title')}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">{t('home.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={loggedIn ? '/library' : '/register'}
              className="inline-flex min-h-12 items-center rounded-lg bg-teal-700 px-6 text-base font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            >
              {loggedIn ? t('home.ctaLibrary') : t('home.cta')}
            </Link>
            {!loggedIn && (
              <Link
                to="/login"
                className="inline-flex min-h-12 items-center rounded-lg border border-slate-300 bg-white px-6 text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
              >
                {t('nav.login')}
              </Link>
            )}
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-14 md:grid-cols-3">
        {features.map((f) => (
          <article key={f.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-8 w-8 text-teal-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            >
              <path d={f.icon} />
            </svg>
            <h2 className="mt-4 text-lg font-semibold">{t(f.title)}</h2>
            <p className="mt-2 text-slate-600">{t(f.body)}</p>
          </article>
        ))}
      </section>
      {featured.data && featured.data.courses.length > 0 && (
        <section className="mx-auto max-w-6xl px-4 pb-16" aria-labelledby="featured-title">
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h2 id="featured-title" className="text-xl font-semibold">
              {t('library.new')}
            </h2>
            <Link to="/courses" className="text-sm font-medium text-teal-800 hover:underline">
              {t('library.browse')}
            </Link>
          </div>
          <CourseGrid>
            {featured.data.courses.map((c) => (
              <CourseCard key={c.id} course={c} />
            ))}
          </CourseGrid>
        </section>
      )}
      <HomePlans />
    </>
  );
}
