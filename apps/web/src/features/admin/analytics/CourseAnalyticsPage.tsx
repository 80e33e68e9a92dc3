import { Link, useLocation, useParams } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { clock } from '../../../lib/format';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { useAnalyticsCourses, useFunnel } from './analytics-api';
import { BudgetCutsCard } from './BudgetCutsCard';
import { FunnelFigure } from './FunnelFigure';
import { QueryState } from './QueryState';
import { RangePicker } from './RangePicker';
import { useDayRange } from './use-day-range';

/** /admin/analytics/courses/:courseId: how far the course's learners get, and its episodes' retention. */
export default function CourseAnalyticsPage() {
  const { courseId = '' } = useParams();
  const { search } = useLocation();
  const { t, num } = useAdminI18n();
  const [range, setRange] = useDayRange();
  const funnel = useFunnel(courseId, range);
  const courses = useAnalyticsCourses();
  const course = courses.data?.find((c) => c.id === courseId);
  const title = funnel.data?.title ?? course?.title ?? t('admin.analytics.title');
  return (
    <AdminPage
      title={title}
      lead={t('admin.analytics.funnelLead')}
      actions={
        <Link to={`/admin/analytics${search}`} className={textLink}>
          ← {t('admin.analytics.back')}
        </Link>
      }
    >
      <RangePicker range={range} onChange={setRange} />
      <QueryState query={funnel}>{(f) => <FunnelFigure funnel={f} />}</QueryState>
      <Card title={t('admin.analytics.episodes')}>
        <p className="mb-3 text-sm text-slate-600">{t('admin.analytics.episodesLead')}</p>
        <QueryState query={courses}>
          {() => (
            <ol className="flex flex-col divide-y divide-slate-100">
              {course?.episodes.map((e, i) => (
                <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <Link
                    to={`/admin/analytics/courses/${courseId}/episodes/${e.id}${search}`}
                    className={`${textLink} py-2`}
                  >
                    {num(i + 1)}. {e.title}
                  </Link>
                  <span className="text-sm text-slate-600 tabular-nums">{clock(e.durationSeconds)}</span>
                </li>
              ))}
            </ol>
          )}
        </QueryState>
      </Card>
      <BudgetCutsCard courseId={courseId} />
    </AdminPage>
  );
}
