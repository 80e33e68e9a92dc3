import { Link } from 'react-router';
import { CourseCard, CourseGrid } from '../../../components/CourseCard';
import { Spinner } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { useI18n } from '../../../lib/i18n';
import { KEYS, read } from '../../../lib/storage';
import { useNextCourses } from '../api/next-courses';

/** "What to learn next": courses watched together with this one, or else the newest ones. */
export function NextCourses({ courseId }: { courseId: string }) {
  const { t } = useI18n();
  const next = useNextCourses(read(KEYS.uid), courseId);
  return (
    <section aria-labelledby="next-courses" className="mt-10">
      <h2 id="next-courses" className="mb-4 text-lg font-semibold text-slate-900">
        {t('cert.next.title')}
      </h2>
      {next.isPending && <Spinner label={t('common.loading')} />}
      {(next.isError || next.data?.length === 0) && (
        <p className="text-slate-700">
          {t('cert.next.empty')}{' '}
          <Link to="/courses" className={textLink}>
            {t('library.browse')}
          </Link>
        </p>
      )}
      {!!next.data?.length && (
        <CourseGrid>
          {next.data.map((c) => (
            <CourseCard key={c.id} course={c} />
          ))}
        </CourseGrid>
      )}
    </section>
  );
}
