import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useAdminI18n } from '../i18n';
import { previewOf } from './courses-api';

/** The ready video, played from its signed HLS playlist (hls.js, or the browser's own HLS where it has it). */
export function VideoPreview({ episodeId, title }: { episodeId: string; title: string }) {
  const { t } = useAdminI18n();
  const [url, setUrl] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!url || !el) return;
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = url;
      return;
    }
    let destroy = () => {};
    void import('hls.js').then(({ default: Hls }) => {
      const hls = new Hls();
      hls.loadSource(url);
      hls.attachMedia(el);
      destroy = () => hls.destroy();
    });
    return () => destroy();
  }, [url]);
  if (!url)
    return (
      <Button
        variant="secondary"
        onClick={() => void previewOf(episodeId).then((p) => setUrl(p.playbackUrl))}
      >
        {t('admin.video.preview')}
      </Button>
    );
  return (
    <video
      ref={video}
      controls
      aria-label={title}
      className="aspect-video w-full max-w-xl rounded-lg bg-black"
    />
  );
}
