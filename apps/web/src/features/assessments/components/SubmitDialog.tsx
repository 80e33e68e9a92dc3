import { useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useI18n } from '../../../lib/i18n';

/** Asks before submitting, and says how many questions are still unanswered. */
export function SubmitDialog({
  unanswered,
  busy,
  onConfirm,
  onClose,
}: {
  unanswered: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  // Going back is the safe choice: it takes the focus first.
  const back = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={t('assess.confirm.title')} onClose={onClose} initialFocus={back}>
      <p className={`mt-2 ${unanswered ? 'font-medium text-red-800' : 'text-slate-700'}`}>
        {unanswered ? t('assess.confirm.unanswered', { n: unanswered }) : t('assess.confirm.all')}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button ref={back} variant="secondary" onClick={onClose}>
          {t('assess.confirm.back')}
        </Button>
        <Button busy={busy} onClick={onConfirm}>
          {t('assess.confirm.send')}
        </Button>
      </div>
    </Dialog>
  );
}
