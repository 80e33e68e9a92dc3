import { Link } from 'react-router';
import { useAdminI18n } from '../i18n';

/** What a signed-in learner or instructor sees at /admin. */
export function AdminOnly() {
  const { t, siteT } = useAdminI18n();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-5xl font-bold text-teal-700" aria-hidden="true">
        403
      </p>
      <h1 className="mt-4 text-2xl font-bold">{t('admin.only.title')}</h1>
      <p className="mt-2 text-slate-600">{t('admin.only.body')}</p>
      <Link
        to="/"
        className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-teal-700 px-4 text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        {siteT('nav.home')}
      </Link>
    </div>
  );
}
