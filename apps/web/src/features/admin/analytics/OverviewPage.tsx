import { useLocation } from 'react-router';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { useOverview } from './analytics-api';
import { CourseList } from './CourseList';
import { OverviewFigures } from './OverviewFigures';
import { QueryState } from './QueryState';
import { RangePicker } from './RangePicker';
import { useDayRange } from './use-day-range';

/** /admin/analytics: the platform's figures over a range of days, and the courses to look into. */
export default function OverviewPage() {
  const { t } = useAdminI18n();
  const { search } = useLocation();
  const [range, setRange] = useDayRange();
  const overview = useOverview(range);
  return (
    <AdminPage title={t('admin.analytics.title')} lead={t('admin.analytics.lead')}>
      <RangePicker range={range} onChange={setRange} />
      <QueryState query={overview}>{(o) => <OverviewFigures overview={o} />}</QueryState>
      <CourseList search={search} />
    </AdminPage>
  );
}
