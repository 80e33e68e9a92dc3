import type { AdminVideoState } from '@rianroo/contract';
import { useAdminI18n } from '../i18n';

/** Where a video is: none, queued, transcoding n%, ready, failed with the reason (announced as it changes). */
export function VideoStatus({ state, className = '' }: { state: AdminVideoState; className?: string }) {
  const { t } = useAdminI18n();
  const text =
    state.status === 'processing'
      ? t('admin.video.processing', { percent: state.progress })
      : state.status === 'ready'
        ? t('admin.video.ready', { seconds: state.durationSeconds })
        : state.status === 'failed'
          ? t('admin.video.failed', { reason: state.error ?? '' })
          : t(`admin.video.${state.status}`);
  return (
    <p
      data-video-status={state.status}
      className={`${state.status === 'failed' ? 'text-red-700' : 'text-slate-600'} ${className}`}
    >
      {text}
    </p>
  );
}
