import type { CourseCompletion } from '@rianroo/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { useI18n } from '../../../lib/i18n';

/** After the evaluation (just sent, or sent earlier): thanks, and the way to the certificate. */
export function EvaluationOutcome({
  slug,
  completion,
  justSent,
  evaluatedAt,
}: {
  slug: string;
  completion: CourseCompletion | undefined;
  justSent: boolean;
  evaluatedAt: string | null | undefined;
}) {
  const { t, date } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const base = `/library/course/${encodeURIComponent(slug)}`;
  return (
    <section
      aria-labelledby="evaluation-outcome"
      className="mt-6 rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:p-6"
    >
      <h2
        id="evaluation-outcome"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold text-emerald-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        {justSent ? t('cert.eval.thanks') : t('cert.eval.already')}
      </h2>
      {!justSent && evaluatedAt && (
        <p className="mt-1 text-emerald-950">{t('cert.eval.evaluatedOn', { date: date(evaluatedAt) })}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {completion?.certificateEnabled !== false && (
          <Link to={`${base}/certificate`} className={primaryLink}>
            {t('cert.card.view')}
          </Link>
        )}
        <Link to={`${base}/completed`} className={secondaryLink}>
          {t('cert.eval.backToCompleted')}
        </Link>
      </div>
    </section>
  );
}
