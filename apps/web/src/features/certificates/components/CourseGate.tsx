import type { CourseSummary } from '@rianroo/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { secondaryLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { useCourseBySlug } from '../../../lib/course-by-slug';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { PageColumn } from './PageParts';

/** Opens the course of the `:slug` in the address: loading, unknown course and errors, then the page. */
export function CourseGate({
  title,
  children,
}: {
  title: string;
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
      <PageColumn>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
        <Alert>{missing ? t('course.notFound') : errorText(course.error)}</Alert>
        <div className="mt-4 flex flex-wrap gap-3">
          {!missing && (
            <Button variant="secondary" onClick={() => void course.refetch()}>
              {t('common.retry')}
            </Button>
          )}
          <Link to="/library" className={secondaryLink}>
            {t('player.backToLibrary')}
          </Link>
        </div>
      </PageColumn>
    );
  }
  return children(course.data);
}
