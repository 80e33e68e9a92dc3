import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useOrgI18n } from '../i18n/use-org-i18n';

/** A button that asks first (a dialog naming what it does), then runs the action. */
export function ConfirmAction({
  label,
  accessibleLabel,
  body,
  onConfirm,
}: {
  label: string;
  accessibleLabel: string;
  body: string;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useOrgI18n();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="danger" aria-label={accessibleLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <Dialog title={accessibleLabel} onClose={() => setOpen(false)}>
          <p className="mb-4 text-slate-700">{body}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('org.cancel')}
            </Button>
            <Button
              variant="danger"
              busy={busy}
              onClick={() => {
                setBusy(true);
                onConfirm()
                  .catch(() => {})
                  .finally(() => {
                    setBusy(false);
                    setOpen(false);
                  });
              }}
            >
              {t('org.confirm')}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
