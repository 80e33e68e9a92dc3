import type { AdminEpisode } from '@rianroo/contract';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api-error';
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
      <EpisodeFields courseId={courseId} episode={episode} />
      <EpisodeVideo episodeId={episodeId} title={episode.title} courseId={courseId} />
      <EpisodeQuiz courseId={courseId} episodeId={episodeId} title={episode.title} />
    </AdminPage>
  );
}

const initial = (e: AdminEpisode) => ({ title: e.title, teaser: e.isTeaser, shown: e.published });

/**
 * The episode's title, teaser and shown flags. Saving sends the version the form was read at, so a change
 * another administrator made meanwhile is refused (EDIT_CONFLICT, said in a toast) rather than overwritten; the
 * course is then read again and the form shows the episode as it is now (as the course form does).
 */
function EpisodeFields({ courseId, episode }: { courseId: string; episode: AdminEpisode }) {
  const { t } = useAdminI18n();
  const update = useUpdateEpisode(courseId, episode.id);
  const write = useAdminWrite();
  // A new episode of a published course starts hidden; it is shown once its video is ready (else refused).
  const [v, setV] = useState(() => initial(episode));
  const [seen, setSeen] = useState(episode.version);
  if (episode.version !== seen) {
    setSeen(episode.version);
    setV(initial(episode));
  }
  const { title, teaser, shown } = v;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write(
      update.mutateAsync({ title, isTeaser: teaser, published: shown, version: seen }),
      t('admin.course.saved'),
    ).catch((err: unknown) => {
      // Refused as it has no ready video yet (so it is hidden): the box says again what learners see.
      if (err instanceof ApiError && err.code === 'EPISODE_NOT_READY')
        setV((now) => ({ ...now, shown: false }));
    });
  };
  return (
    <Form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <TextField
        className="min-w-60 flex-1"
        label={t('admin.episode.title')}
        value={title}
        onChange={(e) => setV({ ...v, title: e.target.value })}
        required
      />
      <CheckboxField
        label={t('admin.episodes.teaser')}
        checked={teaser}
        onChange={(c) => setV({ ...v, teaser: c })}
      />
      <CheckboxField
        label={t('admin.episodes.shown')}
        checked={shown}
        onChange={(c) => setV({ ...v, shown: c })}
      />
      <Button type="submit" busy={update.isPending}>
        {t('admin.course.save')}
      </Button>
    </Form>
  );
}
