import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { useI18n } from '../../../lib/i18n';
import { destroyTokens, isLoggedIn } from '../../../lib/session';
import { useDocumentMeta } from '../../../lib/use-document-meta';

/**
 * `/goodbye?due=…`: after the closure request (the learner is signed out): when the data will be erased and how
 * to keep the account (sign in before then). Without a valid date (a link typed by hand) it explains the same
 * without one.
 */
export default function ClosureRequestedPage() {
  const { t, date } = useI18n();
  const [params] = useSearchParams();
  const signOut = (useLocation().state as { signOut?: boolean } | null)?.signOut === true;
  // Only when the closure form sent the learner here: a link to this page signs nobody out.
  useEffect(() => {
    if (signOut && isLoggedIn()) destroyTokens();
  }, [signOut]);
  const due = params.get('due') ?? '';
  const valid = !Number.isNaN(Date.parse(due));
  useDocumentMeta(t('closure.done.title'), null);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{t('closure.done.title')}</h1>
      <Card>
        <p className="text-lg text-slate-900">
          {valid ? t('closure.done.due', { date: date(due) }) : t('closure.done.dueUnknown')}
        </p>
        <p className="mt-3 text-slate-700">{t('closure.done.signedOut')}</p>
        <p className="mt-3 text-slate-700">{t('closure.done.howToCancel')}</p>
        <p className="mt-5">
          <Link to="/login" className={textLink}>
            {t('closure.done.signIn')}
          </Link>
        </p>
      </Card>
    </div>
  );
}
