import { withoutPassMark } from '@rianroo/contract';
import type { AssessmentDetail, AssessmentResult } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { episodesQuery } from '../../../lib/course-episodes';
import { useI18n } from '../../../lib/i18n';

/**
 * May the learner take the test again after this result: it still takes attempts (not hidden since), attempts
 * are left, and never to redo a passed pre-test, nor one without a pass mark (taken once, it is done).
 */
export const canRetry = (a: AssessmentDetail, r: AssessmentResult) =>
  a.live && a.attemptsLeft !== 0 && !(a.kind === 'pre_test' && (r.passed || withoutPassMark(a)));

/**
 * What comes after a result: another attempt while allowed; then the pre-test leads to the first episode, an
 * episode quiz to the next episode (or back to its episode), a passed post-test to the course's completion.
 */
export function NextSteps({
  slug,
  assessment,
  result,
  starting,
  onRetry,
}: {
  slug: string;
  assessment: AssessmentDetail;
  result: AssessmentResult;
  starting: boolean;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  const list = useQuery(episodesQuery(assessment.courseId));
  const episodes = list.data?.episodes ?? [];
  const base = `/library/course/${encodeURIComponent(slug)}`;
  const episodeLink = (id: string) => `${base}/episode/${id}`;
  const retry = canRetry(assessment, result);
  // A pre-test without a pass mark is done, not failed, when no attempt is left.
  const outOfAttempts = !result.passed && assessment.attemptsLeft === 0 && !withoutPassMark(assessment);

  const links: { to: string; text: string }[] = [];
  if (assessment.kind === 'pre_test') {
    const first = episodes.find((e) => !e.locked) ?? episodes[0];
    links.push({ to: first ? episodeLink(first.id) : base, text: t('assess.next.firstEpisode') });
  } else if (assessment.kind === 'episode_quiz') {
    const at = episodes.findIndex((e) => e.id === assessment.episodeId);
    const next = at >= 0 ? episodes[at + 1] : undefined;
    if (next)
      links.push({ to: episodeLink(next.id), text: t('assess.next.nextEpisode', { title: next.title }) });
    if (assessment.episodeId)
      links.push({ to: episodeLink(assessment.episodeId), text: t('assess.next.backToEpisode') });
  } else if (result.passed) {
    links.push({ to: `${base}/completed`, text: t('assess.next.completed') });
  }
  if (!links.length) links.push({ to: base, text: t('assess.backToCourse') });

  return (
    <Card title={t('assess.next.title')} className="mt-8">
      {!assessment.live && <p className="mt-2 font-medium text-slate-800">{t('assess.closed')}</p>}
      {outOfAttempts && (
        <p className="mt-2 font-medium text-slate-800">
          {assessment.kind === 'post_test' ? t('assess.outOfAttemptsPost') : t('assess.outOfAttempts')}
        </p>
      )}
      {retry && assessment.attemptsLeft !== null && (
        <p className="mt-2 text-sm text-slate-700">
          {t('assess.attemptsLeft', { n: assessment.attemptsLeft })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {retry && (
          <Button busy={starting} variant={result.passed ? 'secondary' : 'primary'} onClick={onRetry}>
            {t('assess.retry')}
          </Button>
        )}
        {links.map((l, i) => (
          <Link
            key={l.to + l.text}
            to={l.to}
            className={i === 0 && (result.passed || !retry) ? primaryLink : secondaryLink}
          >
            {l.text}
          </Link>
        ))}
      </div>
    </Card>
  );
}
