import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAdminI18n } from '../i18n';
import { adminKey } from '../lib/admin-api';
import { useVideoState } from './courses-api';
import { useTusUpload } from './use-tus-upload';
import { VideoPreview } from './VideoPreview';
import { VideoStatus } from './VideoStatus';

/** Upload (resumable, with its progress), then the transcoding's state live, then a preview. */
export function EpisodeVideo({
  episodeId,
  courseId,
  title,
}: {
  episodeId: string;
  courseId: string;
  title: string;
}) {
  const { t } = useAdminI18n();
  const qc = useQueryClient();
  const [watching, setWatching] = useState(false);
  const video = useVideoState(episodeId, watching);
  const upload = useTusUpload(episodeId, () => {
    setWatching(true);
    void qc.invalidateQueries({ queryKey: [...adminKey, 'course', courseId] });
  });
  const inputId = useId();
  const s = upload.state;
  const settled = video.data?.status === 'ready' || video.data?.status === 'failed';
  if (watching && settled) setWatching(false);
  return (
    <section
      aria-labelledby="video"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="video" className="text-lg font-semibold text-slate-900">
        {t('admin.episode.video')}
      </h2>
      <div aria-live="polite">{video.data && <VideoStatus state={video.data} />}</div>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t('admin.episode.chooseFile')}
      </label>
      <input
        id={inputId}
        type="file"
        accept="video/*"
        className="text-base"
        disabled={s.phase === 'uploading'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.start(file);
        }}
      />
      {s.phase === 'uploading' && (
        <div aria-live="polite">
          <progress
            className="h-3 w-full"
            max={100}
            value={s.percent}
            aria-label={t('admin.episode.uploading', { percent: s.percent })}
          />
          <p className="text-sm text-slate-700">
            {s.offline
              ? t('admin.episode.paused', { percent: s.percent })
              : t('admin.episode.uploading', { percent: s.percent })}
          </p>
          {s.resumed && <p className="text-sm text-slate-600">{t('admin.episode.resumed')}</p>}
        </div>
      )}
      {s.phase === 'done' && <p className="text-sm text-slate-700">{t('admin.episode.uploaded')}</p>}
      {s.phase === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.episode.uploadFailed', { reason: s.reason })}
        </p>
      )}
      {video.data?.status === 'ready' && <VideoPreview episodeId={episodeId} title={title} />}
    </section>
  );
}
