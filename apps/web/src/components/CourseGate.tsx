import type { CourseSummary } from '@rianroo/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from './ui/Button';
import { Alert } from './ui/Card';
import { secondaryLink } from './ui/link-styles';
import { PageLoading } from './ui/Spinner';
import { ApiError } from '../lib/api-error';
import { useCourseBySlug } from '../lib/course-by-slug';
import { useErrorText } from '../lib/forms';
import { useI18n } from '../lib/i18n';

/**
 * Opens the course of the `:slug` in the address for a page about it: loading, an unknown course and errors
 * (with a retry and a way back, to the library unless `back` says otherwise), then the page itself.
 */
export function CourseGate({
  title,
  back,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  children: (course: CourseSummary) => ReactNode;
}) {
  const { slug = '' } = useParams();
  const { t } = useI18n();
  const errorText = useErrorText();
  const course = useCourseBySlug(slug);
  if (course.isPending) return <PageLoading label={t('common.loading')} />;
  if (course.isError) {
    const missing = course.error instanceof ApiError && course.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
        <Alert>{missing ? t('course.notFound') : errorText(course.error)}</Alert>
        <div className="mt-4 flex flex-wrap gap-3">
          {!missing && (
            <Button variant="secondary" onClick={() => void course.refetch()}>
              {t('common.retry')}
            </Button>
          )}
          <Link to={back?.to ?? '/library'} className={secondaryLink}>
            {back?.label ?? t('player.backToLibrary')}
          </Link>
        </div>
      </div>
    );
  }
  return children(course.data);
}
