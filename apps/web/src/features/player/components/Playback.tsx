import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { PREPARING_POLL_MS, type EpisodeList, type PlayerEpisode } from '../api/episodes';
import type { OngoingItem } from '../api/ongoing';
import { getPlayback } from '../api/signed-token';
import { stepAfterEpisode } from '../lib/course-steps';
import { storedProgress } from '../lib/progress';
import { resumeAt } from '../lib/resume';
import { useWatchProgress } from '../lib/use-watch-progress';
import { EndedOffer } from './EndedOffer';

/** A new step (the list or the watched episodes changed) starts the offer afresh, its countdown too. */
const EndedStepOffer = (p: Parameters<typeof EndedOffer>[0]) => <EndedOffer key={p.step.kind} {...p} />;
import { LockedPanel } from './LockedPanel';
import { NotReadyPanel, PanelButton, PlayerPanel } from './NotReadyPanel';
import { VideoPlayer } from './VideoPlayer';

/** A new token this long before the current one expires. */
const RENEW_BEFORE_MS = 60_000;
/**
 * A stream refused again before the token renewed for its last refusal has played this much video refuses
 * this learner (not an expired token): playback stops with a message until the learner tries again.
 */
const REFUSED_AGAIN_WITHIN_S = 30;

const notReady = (err: unknown) => err instanceof ApiError && err.code === 'VIDEO_NOT_READY';

/** Where playback starts: a position kept on this device but not sent yet is newer than the server's. */
function startPosition(episode: PlayerEpisode, saved: OngoingItem | undefined): number {
  const local = storedProgress();
  if (local?.episode_id === episode.id)
    return resumeAt({ ...saved, last_second: local.last_second, watched: false }, episode.durationSeconds);
  return resumeAt(saved, episode.durationSeconds);
}

/** The video of one episode: its playback token (renewed before it expires), resume, and progress. */
export function Playback(props: {
  slug: string;
  courseId: string;
  episode: PlayerEpisode;
  saved: OngoingItem | undefined;
  /** The next episode this learner may watch, and whether locked ones follow. */
  next: PlayerEpisode | undefined;
  lockedAfter: boolean;
  /** The course's episodes with their tests, and the ones watched: what the end of this one leads to. */
  list: EpisodeList;
  watchedIds: Set<string>;
  onProgress: () => void;
}) {
  const { slug, courseId, episode, saved, next, lockedAfter, list, watchedIds, onProgress } = props;
  const { t } = useI18n();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const [run, setRun] = useState(() => ({
    startAt: startPosition(episode, saved),
    autoPlay: !!(location.state as { autoPlay?: boolean } | null)?.autoPlay,
    n: 0,
  }));
  /** Set when the video ends: whether the episode counted as watched before this ending. */
  const [ended, setEnded] = useState<{ wasWatched: boolean } | null>(null);
  /** Where the token renewed for a refusal started playing, in this attempt; null before any refusal. */
  const renewedForRefusalAt = useRef<number | null>(null);
  /** The stream refused a token renewed for its last refusal: no more requests until "try again". */
  const [stopped, setStopped] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playback = useQuery({
    queryKey: ['playback', episode.id, run.n],
    queryFn: () => getPlayback(episode.id),
    staleTime: Infinity,
    gcTime: 0,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    // Still being transcoded: ask again every few seconds until it can be played.
    refetchInterval: (q) => (notReady(q.state.error) ? PREPARING_POLL_MS : false),
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
  /** The stream refused the token: an expired one is renewed once; refused again, playback stops. */
  const refused = useCallback(
    (at: number, playing: boolean) => {
      const from = renewedForRefusalAt.current;
      if (from !== null && at - from < REFUSED_AGAIN_WITHIN_S) {
        // "Try again" goes on from here.
        setRun((r) => ({ ...r, startAt: at, autoPlay: playing }));
        setStopped(true);
        return;
      }
      renewedForRefusalAt.current = at;
      renew(at, playing);
    },
    [renew],
  );
  /** A fresh attempt: a new token, and one renewal allowed again. */
  const tryAgain = () => {
    renewedForRefusalAt.current = null;
    setStopped(false);
    setRun((r) => ({ ...r, n: r.n + 1 }));
  };
  const playNext = useCallback(
    (e: PlayerEpisode) => navigate(`/library/course/${slug}/episode/${e.id}`, { state: { autoPlay: true } }),
    [navigate, slug],
  );

  // A new token shortly before this one expires; playback goes on from where it is. Counted on this device's
  // clock from when the token arrived (the token's lifetime, not its expiry: a clock an hour fast would renew
  // every few seconds).
  const receivedAt = playback.dataUpdatedAt;
  useEffect(() => {
    if (!playback.data || stopped) return;
    const left = receivedAt + playback.data.expiresInSeconds * 1000 - Date.now() - RENEW_BEFORE_MS;
    const timer = setTimeout(
      () => {
        const v = videoRef.current;
        renew(v?.currentTime ?? 0, !!v && !v.paused);
      },
      Math.max(5_000, left),
    );
    return () => clearTimeout(timer);
  }, [playback.data, receivedAt, stopped, renew]);

  if (stopped) return <PlaybackError message={t('player.cannotPlay')} onRetry={tryAgain} />;
  if (playback.isPending) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-black text-white">
        <Spinner />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  }
  if (playback.isError) {
    const err = playback.error;
    if (err instanceof ApiError && err.code === 'NO_ACCESS') return <LockedPanel slug={slug} />;
    if (notReady(err)) return <NotReadyPanel status="processing" onRetry={() => void playback.refetch()} />;
    if (err instanceof ApiError && err.status === 404) return <NotReadyPanel status="none" />;
    return <PlaybackError message={errorText(err)} onRetry={() => void playback.refetch()} />;
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
        onAuthFailure={refused}
        handlers={{
          ...progress,
          onPlay: (time) => {
            setEnded(null);
            progress.onPlay(time);
          },
          onEnded: async (time) => {
            setEnded({ wasWatched: watchedIds.has(episode.id) });
            await progress.onEnded(time);
          },
        }}
      />
      {ended && (
        <EndedStepOffer
          slug={slug}
          step={stepAfterEpisode(list, episode.id, watchedIds, { ...ended, hasNext: !!next })}
          next={next}
          lockedAfter={lockedAfter}
          onPlayNext={playNext}
        />
      )}
    </div>
  );
}

/**
 * In place of the video when it cannot be played: why, and "try again". The player that had the focus is
 * gone, so the focus goes to "try again" (a keyboard learner is not left on the page's start).
 */
function PlaybackError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) button.current?.focus();
  }, []);
  return (
    <PlayerPanel>
      <p role="alert">{message}</p>
      <PanelButton ref={button} onClick={onRetry}>
        {t('common.retry')}
      </PanelButton>
    </PlayerPanel>
  );
}
