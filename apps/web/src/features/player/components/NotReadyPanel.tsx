import { forwardRef, type ReactNode } from 'react';
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
    <PlayerPanel>
      {preparing && <Spinner />}
      <p role="status">
        {t(preparing ? 'player.preparing' : status === 'failed' ? 'player.videoFailed' : 'player.noVideo')}
      </p>
      {preparing && <p className="text-sm text-slate-300">{t('player.preparingAuto')}</p>}
      {onRetry && <PanelButton onClick={onRetry}>{t('player.checkAgain')}</PanelButton>}
    </PlayerPanel>
  );
}

/** The frame of what stands in place of the video: the player's shape, dark, its content centred. */
export function PlayerPanel({ children }: { children: ReactNode }) {
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 p-6 text-center text-white">
      {children}
    </div>
  );
}

/** The one action of such a panel ("check again", "try again"). */
export const PanelButton = forwardRef<HTMLButtonElement, { onClick: () => void; children: ReactNode }>(
  function PanelButton({ onClick, children }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        onClick={onClick}
        className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
      >
        {children}
      </button>
    );
  },
);
