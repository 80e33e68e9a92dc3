import { Link, useLocation, useParams } from 'react-router';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { useRetention } from './analytics-api';
import { QueryState } from './QueryState';
import { RetentionFigure } from './RetentionFigure';

/** /admin/analytics/courses/:courseId/episodes/:episodeId: the share of viewers still watching each second. */
export default function RetentionPage() {
  const { courseId = '', episodeId = '' } = useParams();
  const { search } = useLocation();
  const { t } = useAdminI18n();
  const retention = useRetention(episodeId);
  return (
    <AdminPage
      title={retention.data?.title ?? t('admin.analytics.retention')}
      lead={t('admin.analytics.retentionLead')}
      actions={
        <Link to={`/admin/analytics/courses/${courseId}${search}`} className={textLink}>
          ← {t('admin.analytics.backToCourse')}
        </Link>
      }
    >
      <QueryState query={retention}>{(curve) => <RetentionFigure curve={curve} />}</QueryState>
    </AdminPage>
  );
}
