import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import type { PlayerEpisode } from '../api/episodes';

/** Seconds before the next episode starts by itself, unless the learner cancels. */
export const AUTO_NEXT_SECONDS = 8;

/**
 * Shown when an episode ends: the next episode the learner may watch, starting by itself after a countdown
 * (cancel keeps them here), or, when only locked episodes follow, the way to subscribe.
 */
export function EndedOffer({
  next,
  lockedAfter,
  onPlayNext,
}: {
  next: PlayerEpisode | undefined;
  lockedAfter: boolean;
  onPlayNext: (e: PlayerEpisode) => void;
}) {
  const { t } = useI18n();
  const [left, setLeft] = useState<number | undefined>(next ? AUTO_NEXT_SECONDS : undefined);
  useEffect(() => {
    if (left === undefined || !next) return;
    if (left <= 0) {
      onPlayNext(next);
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, next, onPlayNext]);

  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-teal-50 p-4">
      <p role="status" className="font-medium">
        {t('player.ended')}
        {next && left !== undefined && (
          // Not read out every second: the focused button says what comes next.
          <span aria-hidden="true" className="ml-2 font-normal text-slate-700">
            {t('player.upNext', { n: left })}
          </span>
        )}
      </p>
      {next && (
        <>
          <button
            type="button"
            autoFocus
            onClick={() => onPlayNext(next)}
            className="inline-flex min-h-11 items-center rounded-lg bg-teal-700 px-4 font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {t('player.playNext')}: {next.title}
          </button>
          {left !== undefined && (
            <button
              type="button"
              onClick={() => setLeft(undefined)}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-medium hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            >
              {t('player.stayHere')}
            </button>
          )}
        </>
      )}
      {!next && lockedAfter && (
        <p className="flex flex-wrap items-center gap-3">
          <span>{t('player.nextLocked')}</span>
          <Link
            to="/free-trial"
            className="inline-flex min-h-11 items-center rounded-lg bg-amber-400 px-4 font-semibold text-slate-900 hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {t('player.subscribe')}
          </Link>
        </p>
      )}
    </div>
  );
}
