import type { CourseCompletion } from '@rianroo/contract';
import { Link } from 'react-router';
import { primaryLink } from '../../../components/ui/link-styles';
import { useI18n } from '../../../lib/i18n';

/** What a learner still has to do to complete the course: the episodes, then the post-test. */
export function WhatIsLeft({ completion, slug }: { completion: CourseCompletion; slug: string }) {
  const { t } = useI18n();
  const { episodesWatched, episodesTotal, episodesDone, postTest } = completion;
  const base = `/library/course/${encodeURIComponent(slug)}`;
  const percent = episodesTotal ? Math.round((episodesWatched / episodesTotal) * 100) : 100;
  const outOfAttempts =
    !!postTest && postTest.maxAttempts !== null && postTest.attemptsUsed >= postTest.maxAttempts;
  return (
    <ol className="mt-6 flex flex-col gap-4">
      <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="font-semibold text-slate-900">{t('cert.left.episodes')}</h2>
        <p className="mt-1 text-slate-700">
          {t('cert.left.episodesCount', { watched: episodesWatched, total: episodesTotal })}
        </p>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t('cert.left.episodes')}
        >
          <div className="h-full rounded-full bg-teal-600" style={{ width: `${percent}%` }} />
        </div>
        {episodesDone ? (
          <p className="mt-3 text-sm font-medium text-emerald-800">{t('cert.left.episodesDone')}</p>
        ) : (
          <Link to={base} className={`${primaryLink} mt-4`}>
            {t('cert.left.keepLearning')}
          </Link>
        )}
      </li>
      {postTest && (
        <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="font-semibold text-slate-900">{t('cert.left.postTest')}</h2>
          <p className="mt-1 text-slate-700">
            {postTest.passed
              ? t('cert.left.postTestPassed', { score: Math.round(postTest.bestScore ?? 0) })
              : t('cert.left.postTestToPass', { title: postTest.title, score: postTest.passingScore })}
          </p>
          {!postTest.passed &&
            (outOfAttempts ? (
              <p className="mt-3 text-sm text-slate-700">{t('cert.left.noAttemptsLeft')}</p>
            ) : episodesDone ? (
              <Link to={`${base}/test/${postTest.id}`} className={`${primaryLink} mt-4`}>
                {t('cert.left.takePostTest')}
              </Link>
            ) : (
              <p className="mt-3 text-sm text-slate-700">{t('cert.left.postTestLocked')}</p>
            ))}
        </li>
      )}
    </ol>
  );
}
