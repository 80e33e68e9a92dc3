import { useI18n } from '../../../lib/i18n';
import { countdownText } from '../lib/answers';

/** Seconds left from which the timer warns. */
export const WARN_AT_SECONDS = 60;

/**
 * The countdown of a timed attempt. It is not read out every second; one announcement says when a minute is
 * left, and another when time is up.
 */
export function TestTimer({ left }: { left: number }) {
  const { t } = useI18n();
  const warn = left <= WARN_AT_SECONDS;
  const announcement = left === 0 ? t('assess.timer.up') : warn ? t('assess.timer.oneMinute') : '';
  return (
    <div
      className={`flex items-center gap-2 rounded-lg px-3 py-1.5 font-semibold tabular-nums ${warn ? 'bg-red-700 text-white' : 'bg-slate-100 text-slate-900'}`}
    >
      <span className="text-sm font-medium">{t('assess.timer.label')}</span>
      <span role="timer" aria-label={t('assess.timer.label')} className="text-lg">
        {countdownText(left)}
      </span>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}
