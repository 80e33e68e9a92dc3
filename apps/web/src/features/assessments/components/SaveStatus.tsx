import { useI18n } from '../../../lib/i18n';
import type { SaveState } from '../lib/use-autosave';

/**
 * The autosave's state, shown quietly in small text. Only a failing save is announced: saving after every
 * pick is expected, and reading it out each time would drown the questions.
 */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useI18n();
  const text =
    state === 'saving'
      ? t('assess.save.saving')
      : state === 'saved'
        ? t('assess.save.saved')
        : state === 'retrying'
          ? t('assess.save.retrying')
          : '';
  return (
    <>
      <p
        aria-hidden="true"
        className={`min-h-5 text-sm ${state === 'retrying' ? 'font-medium text-red-700' : 'text-slate-600'}`}
      >
        {text}
      </p>
      <p role="status" className="sr-only">
        {state === 'retrying' ? text : ''}
      </p>
    </>
  );
}
