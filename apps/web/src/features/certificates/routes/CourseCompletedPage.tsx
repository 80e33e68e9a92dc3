import type { CourseCompletion, CourseSummary } from '@rianroo/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { useI18n } from '../../../lib/i18n';
import { useCompletion } from '../api/completion';
import { Achievements } from '../components/Achievements';
import { CourseGate } from '../../../components/CourseGate';
import { LoadError, PageColumn } from '../components/PageParts';
import { NextCourses } from '../components/NextCourses';
import { WhatIsLeft } from '../components/WhatIsLeft';
import { LineIcon } from '../../../components/ui/Icon';

/** `/library/course/:slug/completed`: the moment a course is completed, or what is left before it. */
export default function CourseCompletedPage() {
  const { t } = useI18n();
  return <CourseGate title={t('cert.done.title')}>{(course) => <Completion course={course} />}</CourseGate>;
}

function Completion({ course }: { course: CourseSummary }) {
  const { t } = useI18n();
  const completion = useCompletion(course.id);
  if (completion.isPending) return <PageLoading label={t('common.loading')} />;
  if (completion.isError)
    return (
      <PageColumn>
        <h1 className="text-2xl font-bold text-slate-900">{course.title}</h1>
        <LoadError error={completion.error} onRetry={() => void completion.refetch()} />
      </PageColumn>
    );
  const data = completion.data;
  if (!data.completed)
    return (
      <PageColumn>
        <p className="text-sm font-medium text-slate-600">{course.title}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{t('cert.left.title')}</h1>
        <p className="mt-2 text-slate-700">{t('cert.left.lead')}</p>
        <WhatIsLeft completion={data} slug={course.slug} />
      </PageColumn>
    );
  return <Celebration course={course} completion={data} />;
}

function Celebration({ course, completion }: { course: CourseSummary; completion: CourseCompletion }) {
  const { t, date } = useI18n();
  const headline = useRef<HTMLHeadingElement>(null);
  useEffect(() => headline.current?.focus(), []);
  const base = `/library/course/${encodeURIComponent(course.slug)}`;
  const hasCertificate = !!completion.certificate || completion.certificateAvailable;
  const needsEvaluation =
    completion.certificateEnabled && completion.evaluationRequired && !completion.evaluated;
  return (
    <PageColumn wide>
      <div className="rounded-3xl bg-gradient-to-br from-teal-700 to-emerald-800 px-5 py-8 text-white sm:px-8">
        {/* A drawn badge, not an emoji: a device without an emoji font showed an empty box. */}
        <LineIcon
          d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3"
          className="h-10 w-10 text-amber-200"
        />
        <h1
          ref={headline}
          tabIndex={-1}
          className="mt-2 text-2xl font-bold focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-white sm:text-3xl"
        >
          {t('cert.done.headline')}
        </h1>
        <p className="mt-2 text-lg">{t('cert.done.lead', { title: course.title })}</p>
        {completion.completedAt && (
          <p className="mt-1 text-sm text-teal-50">
            {t('cert.done.on', { date: date(completion.completedAt) })}
          </p>
        )}
      </div>
      <Achievements completion={completion} />
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        <Card title={t('cert.eval.title')}>
          {completion.evaluated ? (
            <p className="mt-2 font-medium text-emerald-800">{t('cert.eval.thanksShort')}</p>
          ) : (
            <>
              <p className="mt-2 text-slate-700">
                {needsEvaluation ? t('cert.eval.requiredLead') : t('cert.eval.lead')}
              </p>
              <Link to={`${base}/evaluation`} className={`${primaryLink} mt-4`}>
                {t('cert.eval.start')}
              </Link>
            </>
          )}
        </Card>
        {completion.certificateEnabled && (
          <Card title={t('cert.card.title')}>
            {hasCertificate ? (
              <>
                <p className="mt-2 text-slate-700">{t('cert.card.ready')}</p>
                <Link to={`${base}/certificate`} className={`${primaryLink} mt-4`}>
                  {t('cert.card.view')}
                </Link>
              </>
            ) : (
              <p className="mt-2 text-slate-700">{t('cert.card.afterEvaluation')}</p>
            )}
          </Card>
        )}
      </div>
      <div className="mt-6">
        <Link to={base} className={secondaryLink}>
          {t('cert.done.review')}
        </Link>
      </div>
      <NextCourses courseId={course.id} />
    </PageColumn>
  );
}
