import { dismissClosureNotice, useClosureCancelled } from '../lib/closure-notice';
import { useI18n } from '../lib/i18n';

/** After a sign-in that cancelled the learner's account closure: says so until dismissed. */
export function ClosureCancelledNotice() {
  const { t } = useI18n();
  if (!useClosureCancelled()) return null;
  return (
    <div role="status" className="border-b border-emerald-300 bg-emerald-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-emerald-950">
        <p>
          <strong className="font-semibold">{t('closure.cancelled.title')}</strong>{' '}
          {t('closure.cancelled.lead')}
        </p>
        <button
          type="button"
          onClick={dismissClosureNotice}
          className="min-h-11 rounded-md border border-emerald-700 px-3 font-medium text-emerald-900 hover:bg-emerald-100 focus-visible:outline-3 focus-visible:outline-teal-600"
        >
          {t('closure.cancelled.dismiss')}
        </button>
      </div>
    </div>
  );
}
