import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { useAdminI18n } from '../i18n';
import { useAnalyticsCourses } from './analytics-api';
import { QueryState } from './QueryState';

/** The published courses, each a link to its funnel and episodes; `search` keeps the chosen range. */
export function CourseList({ search }: { search: string }) {
  const { t, num } = useAdminI18n();
  const courses = useAnalyticsCourses();
  return (
    <Card title={t('admin.analytics.courses')}>
      <p className="mb-3 text-sm text-slate-600">{t('admin.analytics.coursesLead')}</p>
      <QueryState query={courses}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">{t('admin.analytics.noCourses')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100">
              {list.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <Link to={`/admin/analytics/courses/${c.id}${search}`} className={`${textLink} py-2`}>
                    {c.title}
                  </Link>
                  <span className="text-sm text-slate-600">
                    {t('admin.analytics.episodesCount', { count: num(c.episodes.length) })}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Card>
  );
}
