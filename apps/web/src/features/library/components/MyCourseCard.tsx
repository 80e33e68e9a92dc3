import { Link } from 'react-router';
import { CourseCard } from '../../../components/CourseCard';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { useI18n } from '../../../lib/i18n';
import type { MyCourse } from '../api/my-courses';

/**
 * One of my courses: progress, "completed" and tests passed, then what to do next: resume (or review once
 * completed), and the certificate (view it, or go and get it).
 */
export function MyCourseCard({ course }: { course: MyCourse }) {
  const { t, date } = useI18n();
  const assigned = course.assignment;
  const base = `/library/course/${encodeURIComponent(course.slug)}`;
  const resume = course.lastWatchedEpisodeId ? `${base}/episode/${course.lastWatchedEpisodeId}` : base;
  const forCourse = <span className="sr-only">: {course.title}</span>;
  return (
    <CourseCard course={course} progress={course.courseFinishPercentage} to={base}>
      {assigned && (
        <p className="flex flex-wrap items-center gap-2 text-xs font-medium">
          <span className="wrap-anywhere text-slate-700">
            {t('assigned.by', { org: assigned.organization })}
          </span>
          {assigned.dueAt && !course.completed && (
            <span
              className={`rounded-full px-2 py-0.5 ${assigned.overdue ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}
            >
              {t(assigned.overdue ? 'assigned.overdue' : 'assigned.due', { date: date(assigned.dueAt) })}
            </span>
          )}
        </p>
      )}
      {(course.completed || course.testsTotal > 0) && (
        <p className="flex flex-wrap gap-2 text-xs font-medium">
          {course.completed && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-900">
              {t('cert.library.completed')}
            </span>
          )}
          {course.testsTotal > 0 && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">
              {t('cert.library.testsPassed', { passed: course.testsPassed, total: course.testsTotal })}
            </span>
          )}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        {course.completed ? (
          <Link to={base} className={secondaryLink}>
            {t('cert.library.review')}
            {forCourse}
          </Link>
        ) : (
          <Link to={resume} className={primaryLink}>
            {course.lastWatchedAt ? t('library.resume') : t('assigned.start')}
            {forCourse}
          </Link>
        )}
        {course.certificateCode ? (
          <Link to={`${base}/certificate`} className={primaryLink}>
            {t('cert.library.viewCertificate')}
            {forCourse}
          </Link>
        ) : (
          course.completed && (
            <Link to={`${base}/completed`} className={primaryLink}>
              {t('cert.library.getCertificate')}
              {forCourse}
            </Link>
          )
        )}
      </div>
    </CourseCard>
  );
}
