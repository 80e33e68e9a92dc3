import { Link, useParams } from 'react-router';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { CourseTests } from '../assessments/CourseTests';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { CourseForm } from './CourseForm';
import { useCourse } from './courses-api';
import { EpisodeList } from './EpisodeList';
import { PublishPanel } from './PublishPanel';
import { SummaryPdfSection } from './SummaryPdfSection';

/** /admin/courses/:id: the course's fields, cover, publication, episodes and summary PDF. */
export default function CoursePage() {
  const { id = '' } = useParams();
  const { t, siteT } = useAdminI18n();
  const course = useCourse(id);
  if (course.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (course.isError)
    return (
      <p role="alert" className="text-red-700">
        {t('admin.course.loadFailed')}
      </p>
    );
  const c = course.data;
  return (
    <AdminPage title={c.title} lead={t(`admin.courses.status.${c.status}`)}>
      <Link to="/admin/courses" className={textLink}>
        {t('admin.course.back')}
      </Link>
      <PublishPanel course={c} />
      <EpisodeList course={c} />
      <CourseTests
        courseId={c.id}
        episodeTitles={Object.fromEntries(c.episodes.map((e) => [e.id, e.title]))}
      />
      <CourseForm course={c} />
      <SummaryPdfSection courseId={c.id} />
    </AdminPage>
  );
}
