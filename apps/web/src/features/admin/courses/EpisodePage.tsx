import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { TextField } from '../../../components/ui/TextField';
import { EpisodeQuiz } from '../assessments/EpisodeQuiz';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useCourse, useUpdateEpisode } from './courses-api';
import { EpisodeVideo } from './EpisodeVideo';
import { CheckboxField } from '../../../components/ui/CheckboxField';

/** /admin/courses/:courseId/episodes/:episodeId: the episode's title, teaser and shown flags, and video. */
export default function EpisodePage() {
  const { courseId = '', episodeId = '' } = useParams();
  const { t, siteT } = useAdminI18n();
  const course = useCourse(courseId);
  const episode = course.data?.episodes.find((e) => e.id === episodeId);
  if (course.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (!episode)
    return (
      <p role="alert" className="text-red-700">
        {t('admin.course.loadFailed')}
      </p>
    );
  return (
    <AdminPage title={episode.title} lead={course.data!.title}>
      <Link to={`/admin/courses/${courseId}`} className={textLink}>
        {t('admin.episode.back')}
      </Link>
      <EpisodeFields
        courseId={courseId}
        episodeId={episodeId}
        title={episode.title}
        teaser={episode.isTeaser}
        shown={episode.published}
      />
      <EpisodeVideo episodeId={episodeId} title={episode.title} courseId={courseId} />
      <EpisodeQuiz courseId={courseId} episodeId={episodeId} title={episode.title} />
    </AdminPage>
  );
}

function EpisodeFields(p: {
  courseId: string;
  episodeId: string;
  title: string;
  teaser: boolean;
  shown: boolean;
}) {
  const { t } = useAdminI18n();
  const update = useUpdateEpisode(p.courseId, p.episodeId);
  const write = useAdminWrite();
  const [title, setTitle] = useState(p.title);
  const [teaser, setTeaser] = useState(p.teaser);
  // A new episode of a published course starts hidden; it is shown once its video is ready (else refused).
  const [shown, setShown] = useState(p.shown);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Refused (no ready video yet): the box says again what learners see.
    write(update.mutateAsync({ title, isTeaser: teaser, published: shown }), t('admin.course.saved')).catch(
      () => setShown(p.shown),
    );
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <TextField
        className="min-w-60 flex-1"
        label={t('admin.episode.title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
      />
      <CheckboxField label={t('admin.episodes.teaser')} checked={teaser} onChange={setTeaser} />
      <CheckboxField label={t('admin.episodes.shown')} checked={shown} onChange={setShown} />
      <Button type="submit" busy={update.isPending}>
        {t('admin.course.save')}
      </Button>
    </form>
  );
}
