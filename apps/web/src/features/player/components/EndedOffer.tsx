import { SubscribeLink } from '../../../components/SubscribeLink';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import type { PlayerEpisode } from '../api/episodes';
import { testPath, type EndedStep } from '../lib/course-steps';

/** Seconds before the next episode starts by itself, unless the learner cancels. */
export const AUTO_NEXT_SECONDS = 8;

const primary =
  'inline-flex min-h-11 items-center rounded-lg bg-teal-700 px-4 font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600';
const secondary =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-medium hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600';

/**
 * Shown when an episode ends. First what the course asks next: the episode's quiz, the post-test, or the
 * course's completion (no countdown then; the next episode stays one click away). Otherwise the next episode
 * the learner may watch, starting by itself after a countdown (cancel keeps them here), or, when only locked
 * episodes follow, the way to subscribe.
 */
export function EndedOffer({
  slug,
  step,
  next,
  lockedAfter,
  onPlayNext,
}: {
  slug: string;
  step: EndedStep;
  next: PlayerEpisode | undefined;
  lockedAfter: boolean;
  onPlayNext: (e: PlayerEpisode) => void;
}) {
  const { t } = useI18n();
  const countdown = step.kind === 'next' && !!next;
  const [left, setLeft] = useState<number | undefined>(countdown ? AUTO_NEXT_SECONDS : undefined);
  // What the course asks next takes the focus (autoFocus works on buttons, not on links).
  const ask = useRef<HTMLAnchorElement>(null);
  useEffect(() => ask.current?.focus(), []);
  useEffect(() => {
    if (left === undefined || !next) return;
    if (left <= 0) {
      onPlayNext(next);
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, next, onPlayNext]);

  const lead =
    step.kind === 'quiz'
      ? t('assess.ended.quiz')
      : step.kind === 'postTest'
        ? t('assess.ended.postTest')
        : step.kind === 'completed'
          ? t('assess.ended.completed')
          : t('player.ended');
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-teal-50 p-4">
      <p role="status" className="w-full font-medium sm:w-auto">
        {lead}
        {countdown && left !== undefined && (
          // Not read out every second: the focused button says what comes next.
          <span aria-hidden="true" className="ml-2 font-normal text-slate-700">
            {t('player.upNext', { n: left })}
          </span>
        )}
      </p>
      {(step.kind === 'quiz' || step.kind === 'postTest') && (
        <Link ref={ask} to={testPath(slug, step.test.id)} className={primary}>
          {step.kind === 'quiz' ? `${t('assess.take')}: ${step.test.title}` : t('assess.next.postTest')}
        </Link>
      )}
      {step.kind === 'completed' && (
        <Link ref={ask} to={`/library/course/${encodeURIComponent(slug)}/completed`} className={primary}>
          {t('assess.next.completed')}
        </Link>
      )}
      {next && (
        <>
          <button
            type="button"
            autoFocus={countdown}
            onClick={() => onPlayNext(next)}
            className={countdown ? primary : secondary}
          >
            {t('player.playNext')}: {next.title}
          </button>
          {countdown && left !== undefined && (
            <button type="button" onClick={() => setLeft(undefined)} className={secondary}>
              {t('player.stayHere')}
            </button>
          )}
        </>
      )}
      {!next && lockedAfter && (
        <p className="flex flex-wrap items-center gap-3">
          <span>{t('player.nextLocked')}</span>
          <SubscribeLink className="inline-flex min-h-11 items-center rounded-lg bg-amber-400 px-4 font-semibold text-slate-900 hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600" />
        </p>
      )}
    </div>
  );
}
