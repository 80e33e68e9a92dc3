import { Spinner } from '../../../components/ui/Spinner';
import { useI18n } from '../../../lib/i18n';
import type { PlayerEpisode } from '../api/episodes';

/**
 * In place of a video that cannot play yet. While it is being prepared the page asks again by itself every
 * few seconds; the button asks at once.
 */
export function NotReadyPanel({
  status,
  onRetry,
}: {
  status: PlayerEpisode['videoStatus'];
  onRetry?: () => void;
}) {
  const { t } = useI18n();
  const preparing = status === 'queued' || status === 'processing';
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 p-6 text-center text-white">
      {preparing && <Spinner />}
      <p role="status">
        {t(preparing ? 'player.preparing' : status === 'failed' ? 'player.videoFailed' : 'player.noVideo')}
      </p>
      {preparing && <p className="text-sm text-slate-300">{t('player.preparingAuto')}</p>}
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
        >
          {t('player.checkAgain')}
        </button>
      )}
    </div>
  );
}
