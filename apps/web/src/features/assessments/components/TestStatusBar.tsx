import { useI18n } from '../../../lib/i18n';
import type { SaveState } from '../lib/use-autosave';
import { SaveStatus } from './SaveStatus';
import { TestTimer } from './TestTimer';

/** What stays in view while answering: answered count with a bar, the time left and the autosave state. */
export function TestStatusBar({
  answered,
  total,
  left,
  save,
}: {
  answered: number;
  total: number;
  left: number | null;
  save: SaveState;
}) {
  const { t } = useI18n();
  const percent = total ? Math.round((answered / total) * 100) : 0;
  const label = t('assess.answeredCount', { n: answered, total });
  return (
    <div className="sticky top-12 z-10 sm:top-16 -mx-4 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-40 flex-1">
          <p className="text-sm font-medium text-slate-800">{label}</p>
          <div
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={answered}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-teal-600 transition-all"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
        {left !== null && <TestTimer left={left} />}
      </div>
      <SaveStatus state={save} />
    </div>
  );
}
