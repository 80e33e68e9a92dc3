import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/Card';
import { PageLoading, Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { minutes } from '../../../lib/format';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import {
  getPlayback,
  useCourseBySlug,
  useEpisodes,
  useOngoing,
  useWatched,
  type OngoingItem,
  type PlayerEpisode,
} from '../api/player';
import { Icon } from '../components/Icon';
import { VideoPlayer } from '../components/VideoPlayer';
import { flushStoredProgress, storedProgress } from '../lib/progress';
import { nextEpisode, resumeAt } from '../lib/resume';
import { useWatchProgress } from '../lib/use-watch-progress';

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
    void queryClient.invalidateQueries({ queryKey: ['watched', courseId] });
    void queryClient.invalidateQueries({ queryKey: ['ongoing', courseId] });
    void queryClient.invalidateQueries({ queryKey: ['my-course'] });
    void queryClient.invalidateQueries({ queryKey: ['last-watched'] });
  }, [queryClient, courseId]);

  const error = course.error ?? list.error;
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
  if (!list.data || !ongoing.data) return <PageLoading label={t('common.loading')} />;
  const { episodes } = list.data;
  const episode = episodes.find((e) => e.id === episodeId);
  if (!episode || !courseId) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert>{t('player.episodeNotFound')}</Alert>
        <Link
          to={`/library/course/${slug}`}
          className="mt-4 inline-block text-sm font-medium text-teal-800 hover:underline"
        >
          {t('player.toCourseStart')}
        </Link>
      </div>
    );
  }
  const next = nextEpisode(episodes, episode.id);
  const watchedIds = new Set(watched.data?.watchedEpisodeIncludeTeaser ?? []);
  const saved = ongoing.data.find((p) => p.episode_id === episode.id);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
      <div>
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
          <NotReadyPanel status={episode.videoStatus} />
        ) : (
          <Playback
            key={episode.id}
            slug={slug}
            courseId={courseId}
            episode={episode}
            saved={saved}
            next={next}
            onProgress={refreshProgress}
          />
        )}
        <h1 className="mt-4 text-2xl font-bold">
          <span className="text-slate-500">
            {t('player.episodeNo').replace('{n}', String(episode.sort))} ·{' '}
          </span>
          {episode.title}
        </h1>
        {episode.description && <p className="mt-2 leading-relaxed text-slate-700">{episode.description}</p>}
        {next && (
          <Link
            to={`/library/course/${slug}/episode/${next.id}`}
            className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg border border-teal-700 px-4 font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {t('player.next')}: {next.title}
            {next.locked && (
              <span className="inline-flex items-center" title={t('course.locked')}>
                <Icon name="lock" className="size-4" />
                <span className="sr-only">{t('course.locked')}</span>
              </span>
            )}
          </Link>
        )}
      </div>
      <aside className="mt-8 lg:mt-0" aria-labelledby="episode-list">
        <h2 id="episode-list" className="text-lg font-semibold">
          {t('course.outline')}
        </h2>
        {watched.data && (
          <p className="mt-1 text-sm text-slate-600">
            {t('player.courseDone').replace('{n}', String(Math.round(watched.data.courseFinishPercentage)))}
          </p>
        )}
        <ol className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {episodes.map((e) => (
            <EpisodeRow
              key={e.id}
              slug={slug}
              e={e}
              current={e.id === episode.id}
              watched={watchedIds.has(e.id)}
            />
          ))}
        </ol>
      </aside>
    </div>
  );
}

function EpisodeRow({
  slug,
  e,
  current,
  watched,
}: {
  slug: string;
  e: PlayerEpisode;
  current: boolean;
  watched: boolean;
}) {
  const { t } = useI18n();
  return (
    <li>
      <Link
        to={`/library/course/${slug}/episode/${e.id}`}
        aria-current={current ? 'page' : undefined}
        className={`flex items-start gap-3 px-3 py-3 text-sm hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-600 ${current ? 'bg-teal-50 font-semibold' : ''}`}
      >
        <span
          className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${watched ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-slate-700'}`}
        >
          {watched ? (
            <>
              <Icon name="check" className="size-4" />
              <span className="sr-only">{t('player.watched')}</span>
            </>
          ) : (
            e.sort
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block">{e.title}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs font-normal text-slate-600">
            {minutes(e.durationSeconds)} {t('course.minutes')}
            {e.isTeaser && (
              <span className="rounded-full bg-teal-100 px-2 py-0.5 font-medium text-teal-900">
                {t('course.teaser')}
              </span>
            )}
            {e.locked && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5">
                <Icon name="lock" className="mr-1 inline size-3" />
                {t('course.locked')}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

function LockedPanel({ slug }: { slug: string }) {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="locked-title"
      className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 p-6 text-center text-white"
    >
      <Icon name="lock" className="size-10" />
      <h2 id="locked-title" className="text-xl font-semibold">
        {t('player.lockedTitle')}
      </h2>
      <p className="max-w-md text-slate-200">{t('player.lockedText')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to="/free-trial"
          className="inline-flex min-h-11 items-center rounded-lg bg-amber-400 px-5 font-semibold text-slate-900 hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {t('player.subscribe')}
        </Link>
        <Link
          to={`/courses/${slug}`}
          className="inline-flex min-h-11 items-center rounded-lg border border-white/60 px-5 hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {t('player.aboutCourse')}
        </Link>
      </div>
    </section>
  );
}

function NotReadyPanel({ status }: { status: PlayerEpisode['videoStatus'] }) {
  const { t } = useI18n();
  const preparing = status === 'queued' || status === 'processing';
  return (
    <div
      role="status"
      className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 p-6 text-center text-white"
    >
      {preparing && <Spinner />}
      <p>
        {t(preparing ? 'player.preparing' : status === 'failed' ? 'player.videoFailed' : 'player.noVideo')}
      </p>
    </div>
  );
}

/** The video of one episode: its playback token (renewed before it expires), resume, and progress. */
function Playback(props: {
  slug: string;
  courseId: string;
  episode: PlayerEpisode;
  saved: OngoingItem | undefined;
  next: PlayerEpisode | undefined;
  onProgress: () => void;
}) {
  const { slug, courseId, episode, saved, next, onProgress } = props;
  const { t } = useI18n();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const [run, setRun] = useState(() => {
    // A position kept on this device but not sent yet is newer than the server's.
    const local = storedProgress();
    const fromLocal =
      local?.episode_id === episode.id
        ? { ...saved, last_second: local.last_second, watched: false }
        : undefined;
    return {
      startAt: resumeAt((fromLocal as OngoingItem | undefined) ?? saved, episode.durationSeconds),
      autoPlay: !!(location.state as { autoPlay?: boolean } | null)?.autoPlay,
      n: 0,
    };
  });
  const [ended, setEnded] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playback = useQuery({
    queryKey: ['playback', episode.id, run.n],
    queryFn: () => getPlayback(episode.id),
    staleTime: Infinity,
    gcTime: 0,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const duration = playback.data?.durationSeconds || episode.durationSeconds;
  const progress = useWatchProgress({
    courseId,
    episodeId: episode.id,
    duration,
    currentTime: () => videoRef.current?.currentTime,
    onWatchedChange: onProgress,
  });
  const renew = useCallback((at: number, playing: boolean) => {
    setRun((r) => ({ startAt: at, autoPlay: playing, n: r.n + 1 }));
  }, []);

  // A new token a minute before this one expires; playback goes on from where it is.
  useEffect(() => {
    if (!playback.data) return;
    const left = new Date(playback.data.expiresAt).getTime() - Date.now() - 60_000;
    const timer = setTimeout(
      () => {
        const v = videoRef.current;
        renew(v?.currentTime ?? 0, !!v && !v.paused);
      },
      Math.max(5_000, left),
    );
    return () => clearTimeout(timer);
  }, [playback.data, renew]);

  if (playback.isPending) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-black">
        <Spinner />
      </div>
    );
  }
  if (playback.isError) {
    const err = playback.error;
    if (err instanceof ApiError && err.code === 'NO_ACCESS') return <LockedPanel slug={slug} />;
    if (err instanceof ApiError && err.code === 'VIDEO_NOT_READY')
      return <NotReadyPanel status="processing" />;
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 p-6 text-center text-white">
        <p role="alert">{errorText(err)}</p>
        <button
          type="button"
          onClick={() => void playback.refetch()}
          className="rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 focus-visible:outline-3 focus-visible:outline-amber-300"
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const p = playback.data;
  return (
    <div>
      <VideoPlayer
        src={p.playbackUrl}
        poster={p.posterUrl ?? episode.posterUrl}
        captions={p.captions}
        startAt={run.startAt}
        autoPlay={run.autoPlay}
        title={episode.title}
        videoRef={videoRef}
        onAuthFailure={renew}
        handlers={{
          ...progress,
          onPlay: () => {
            setEnded(false);
            progress.onPlay();
          },
          onEnded: async (time) => {
            setEnded(true);
            await progress.onEnded(time);
          },
        }}
      />
      {ended && (
        <div role="status" className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-teal-50 p-4">
          <p className="font-medium">{t('player.ended')}</p>
          {next && (
            <button
              type="button"
              autoFocus
              onClick={() =>
                navigate(`/library/course/${slug}/episode/${next.id}`, { state: { autoPlay: true } })
              }
              className="inline-flex min-h-11 items-center rounded-lg bg-teal-700 px-4 font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            >
              {t('player.playNext')}: {next.title}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
