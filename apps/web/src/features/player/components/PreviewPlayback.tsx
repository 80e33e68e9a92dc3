import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { PREPARING_POLL_MS } from '../api/episodes';
import { getPreviewPlayback } from '../api/preview-token';
import type { WatchHandlers } from '../lib/use-watch-progress';
import { NotReadyPanel, PanelButton, PlayerPanel } from './NotReadyPanel';
import { VideoPlayer } from './VideoPlayer';

/** A refusal this soon (in seconds of video) after a token renewed for the last one stops playback. */
const REFUSED_AGAIN_WITHIN_S = 30;

const notReady = (err: unknown) => err instanceof ApiError && err.code === 'VIDEO_NOT_READY';
const noop = () => undefined;

/**
 * A visitor's free preview: the learner's player (quality, speed, captions, keys, full screen) on a visitor's
 * token, with nothing saved, no progress and no first watch. A token the stream refuses (expired) is renewed
 * once where the video stood; refused again at once, playback stops until "try again".
 */
export function PreviewPlayback(props: {
  episodeId: string;
  title: string;
  onPlay: () => void;
  onEnded: () => void;
}) {
  const { episodeId, title } = props;
  const { t } = useI18n();
  const errorText = useErrorText();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [run, setRun] = useState({ n: 0, startAt: 0, autoPlay: true });
  const renewedAt = useRef<number | null>(null);
  const [stopped, setStopped] = useState(false);
  const playback = useQuery({
    queryKey: ['preview-playback', episodeId, run.n],
    queryFn: () => getPreviewPlayback(episodeId),
    staleTime: Infinity,
    gcTime: 0,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    refetchInterval: (q) => (notReady(q.state.error) ? PREPARING_POLL_MS : false),
  });
  const refused = useCallback((at: number, playing: boolean) => {
    const from = renewedAt.current;
    if (from !== null && at - from < REFUSED_AGAIN_WITHIN_S) {
      setRun((r) => ({ ...r, startAt: at, autoPlay: playing }));
      setStopped(true);
      return;
    }
    renewedAt.current = at;
    setRun((r) => ({ n: r.n + 1, startAt: at, autoPlay: playing }));
  }, []);
  const events = useRef(props);
  events.current = props;
  const handlers: WatchHandlers = {
    onTime: noop,
    onPause: noop,
    onSeeking: noop,
    onSeeked: noop,
    onPlay: () => events.current.onPlay(),
    onEnded: async () => events.current.onEnded(),
  };

  if (stopped)
    return (
      <PlayerPanel>
        <p role="alert">{t('player.cannotPlay')}</p>
        <PanelButton
          onClick={() => {
            renewedAt.current = null;
            setStopped(false);
            setRun((r) => ({ ...r, n: r.n + 1 }));
          }}
        >
          {t('common.retry')}
        </PanelButton>
      </PlayerPanel>
    );
  if (playback.isPending)
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-xl bg-black text-white">
        <Spinner />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  if (playback.isError) {
    const err = playback.error;
    if (notReady(err)) return <NotReadyPanel status="processing" onRetry={() => void playback.refetch()} />;
    const gone = err instanceof ApiError && err.status === 404;
    const locked = err instanceof ApiError && err.code === 'NO_ACCESS';
    return (
      <PlayerPanel>
        <p role="alert">{gone ? t('preview.notFound') : errorText(err)}</p>
        {!gone && !locked && (
          <PanelButton onClick={() => void playback.refetch()}>{t('common.retry')}</PanelButton>
        )}
      </PlayerPanel>
    );
  }
  const p = playback.data;
  return (
    <VideoPlayer
      src={p.playbackUrl}
      poster={p.posterUrl}
      captions={p.captions}
      startAt={run.startAt}
      autoPlay={run.autoPlay}
      title={title}
      videoRef={videoRef}
      onAuthFailure={refused}
      handlers={handlers}
    />
  );
}
