import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useCourseBySlug } from '../../../lib/course-by-slug';
import { isPreparing, useEpisodes } from '../api/episodes';
import { useOngoing } from '../api/ongoing';
import { useWatched } from '../api/watched';
import { EpisodeList } from '../components/EpisodeList';
import { Icon } from '../components/Icon';
import { LockedPanel } from '../components/LockedPanel';
import { NotReadyPanel } from '../components/NotReadyPanel';
import { Playback } from '../components/Playback';
import { pendingPreTest, testPath } from '../lib/course-steps';
import { flushStoredProgress } from '../lib/progress';
import { afterEnd, nextEpisode } from '../lib/resume';

/** `/library/course/:slug/episode/:episodeId`: the player, the course's episodes, and what comes next. */
export default function PlayerPage() {
  const { slug = '', episodeId = '' } = useParams();
  const { t } = useI18n();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  // Progress left over from an earlier visit goes out first, so that the saved position below includes it.
  const [flushed, setFlushed] = useState(false);
  useEffect(() => {
    void flushStoredProgress().finally(() => setFlushed(true));
  }, []);
  const course = useCourseBySlug(slug);
  const courseId = course.data?.id;
  const list = useEpisodes(courseId);
  const ongoing = useOngoing(courseId, flushed);
  const watched = useWatched(courseId);
  const refreshProgress = useCallback(() => {
    // The tests and the course's completion follow what is watched.
    const keys = [
      ['watched', courseId],
      ['ongoing', courseId],
      ['episodes', courseId],
      ['course-completion', courseId],
    ];
    for (const key of [...keys, ['my-course'], ['last-watched']])
      void queryClient.invalidateQueries({ queryKey: key });
  }, [queryClient, courseId]);

  const error = course.error ?? list.error;
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert>{missing ? t('course.notFound') : errorText(error)}</Alert>
        <div className="mt-4 flex flex-wrap gap-4 text-sm font-medium text-teal-800">
          {!missing && (
            <button
              type="button"
              className="rounded underline focus-visible:outline-3 focus-visible:outline-teal-600"
              onClick={() => void (course.error ? course.refetch() : list.refetch())}
            >
              {t('common.retry')}
            </button>
          )}
          <Link
            to="/library"
            className="rounded hover:underline focus-visible:outline-3 focus-visible:outline-teal-600"
          >
            {t('player.backToLibrary')}
          </Link>
        </div>
      </div>
    );
  }
  if (!list.data || !ongoing.data) return <PageLoading label={t('common.loading')} />;
  const { episodes } = list.data;
  const episode = episodes.find((e) => e.id === episodeId);
  if (!episode || !courseId) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert>{t('player.episodeNotFound')}</Alert>
        <Link
          to={`/library/course/${slug}`}
          className="mt-4 inline-block rounded text-sm font-medium text-teal-800 hover:underline focus-visible:outline-3 focus-visible:outline-teal-600"
        >
          {t('player.toCourseStart')}
        </Link>
      </div>
    );
  }
  // The first episode of a course not started yet waits for its pre-test.
  const preTest = episode.id === episodes[0]?.id ? pendingPreTest(list.data, ongoing.data) : null;
  if (preTest) return <Navigate replace to={testPath(slug, preTest.id)} />;
  const next = nextEpisode(episodes, episode.id);
  const ending = afterEnd(episodes, episode.id);
  const watchedIds = new Set(watched.data?.watchedEpisodeIncludeTeaser ?? []);
  const saved = ongoing.data.find((p) => p.episode_id === episode.id);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
      <div className="min-w-0">
        <nav aria-label={t('player.breadcrumb')} className="mb-3 text-sm">
          <Link to="/library" className="text-teal-800 hover:underline">
            {t('nav.library')}
          </Link>
          <span aria-hidden="true" className="mx-2 text-slate-400">
            /
          </span>
          <Link to={`/courses/${slug}`} className="text-teal-800 hover:underline">
            {list.data.course.title}
          </Link>
        </nav>
        {episode.locked ? (
          <LockedPanel slug={slug} />
        ) : episode.videoStatus !== 'ready' ? (
          <NotReadyPanel
            status={episode.videoStatus}
            onRetry={isPreparing(episode) ? () => void list.refetch() : undefined}
          />
        ) : (
          <Playback
            key={episode.id}
            slug={slug}
            courseId={courseId}
            episode={episode}
            saved={saved}
            next={ending.next}
            lockedAfter={ending.lockedAfter}
            list={list.data}
            watchedIds={watchedIds}
            onProgress={refreshProgress}
          />
        )}
        <h1 className="mt-4 text-xl font-bold break-words sm:text-2xl">
          <span className="text-slate-600">{t('player.episodeNo', { n: episode.sort })} · </span>
          {episode.title}
        </h1>
        {episode.description && <p className="mt-2 leading-relaxed text-slate-700">{episode.description}</p>}
        {next && (
          <Link
            to={`/library/course/${slug}/episode/${next.id}`}
            className="mt-4 inline-flex min-h-11 max-w-full items-center gap-2 rounded-lg border border-teal-700 px-4 font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            <span className="truncate">
              {t('player.next')}: {next.title}
            </span>
            {next.locked && (
              <span className="inline-flex items-center" title={t('course.locked')}>
                <Icon name="lock" className="size-4" />
                <span className="sr-only">{t('course.locked')}</span>
              </span>
            )}
          </Link>
        )}
      </div>
      <EpisodeList
        slug={slug}
        episodes={episodes}
        currentId={episode.id}
        watchedIds={watchedIds}
        courseDone={watched.data?.courseFinishPercentage}
        preTest={list.data.preTest}
        postTest={list.data.postTest}
      />
    </div>
  );
}
