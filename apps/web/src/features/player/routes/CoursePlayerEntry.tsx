import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useCourseBySlug } from '../../../lib/course-by-slug';
import { useEpisodes } from '../api/episodes';
import { useOngoing } from '../api/ongoing';
import { pendingPreTest, testPath } from '../lib/course-steps';
import { flushStoredProgress } from '../lib/progress';
import { episodeToOpen } from '../lib/resume';

/** `/library/course/:slug`: opens the episode to carry on with. */
export default function CoursePlayerEntry() {
  const { slug = '' } = useParams();
  const { t } = useI18n();
  const errorText = useErrorText();
  const course = useCourseBySlug(slug);
  const episodes = useEpisodes(course.data?.id);
  // Progress left over from an earlier visit goes out first: it may change where the course opens.
  const [flushed, setFlushed] = useState(false);
  useEffect(() => {
    void flushStoredProgress().finally(() => setFlushed(true));
  }, []);
  const ongoing = useOngoing(course.data?.id, flushed);
  const error = course.error ?? episodes.error;
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert>{missing ? t('course.notFound') : errorText(error)}</Alert>
        <Link to="/library" className="mt-4 inline-block text-sm font-medium text-teal-800 hover:underline">
          {t('player.backToLibrary')}
        </Link>
      </div>
    );
  }
  if (!episodes.data || !ongoing.data) return <PageLoading label={t('common.loading')} />;
  // A course not started yet opens on its pre-test, when there is one to take.
  const preTest = pendingPreTest(episodes.data, ongoing.data);
  if (preTest) return <Navigate replace to={testPath(slug, preTest.id)} />;
  const episode = episodeToOpen(episodes.data.episodes, ongoing.data);
  if (!episode)
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert>{t('player.noEpisodes')}</Alert>
      </div>
    );
  return <Navigate replace to={`/library/course/${slug}/episode/${episode.id}`} />;
}
