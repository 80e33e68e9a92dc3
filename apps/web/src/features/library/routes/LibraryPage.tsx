import { Link } from 'react-router';
import { PageLoading } from '../../../components/ui/Spinner';
import { useI18n } from '../../../lib/i18n';
import { useMe } from '../../../lib/use-session';

/** The library (protected). Courses arrive with the courses capability; until then it is honestly empty. */
export default function LibraryPage() {
  const { t } = useI18n();
  const me = useMe();
  if (me.isPending) return <PageLoading label={t('common.loading')} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t('library.title')}</h1>
      {me.data && (
        <p className="mt-1 text-slate-600">
          {t('library.hello')} {me.data.displayName || me.data.firstName}
        </p>
      )}
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto h-12 w-12 text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M4 5h6v14H4zM14 5h6v14h-6z" strokeLinejoin="round" />
        </svg>
        <p className="mx-auto mt-4 max-w-md text-slate-600">{t('library.empty')}</p>
        <Link
          to="/account"
          className="mt-6 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-teal-600"
        >
          {t('nav.account')}
        </Link>
      </div>
    </div>
  );
}
