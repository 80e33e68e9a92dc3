import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useAdminI18n } from '../i18n';

/**
 * A button for a write that cannot be undone: it asks first in a dialog (with optional fields, e.g. a
 * reason), then runs `onConfirm`; the dialog stays open while it runs and closes when it is done.
 */
export function ConfirmButton({
  label,
  accessibleLabel,
  title,
  body,
  children,
  canConfirm = true,
  onConfirm,
}: {
  label: string;
  accessibleLabel?: string;
  title: string;
  body?: string;
  children?: ReactNode;
  canConfirm?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const { t, siteT } = useAdminI18n();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="danger" aria-label={accessibleLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <Dialog title={title} onClose={() => !busy && setOpen(false)}>
          {body && <p className="text-slate-700">{body}</p>}
          {children}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
              {siteT('common.cancel')}
            </Button>
            <Button
              variant="primary"
              busy={busy}
              disabled={!canConfirm}
              onClick={() => {
                setBusy(true);
                onConfirm()
                  .then(() => setOpen(false))
                  .catch(() => {})
                  .finally(() => setBusy(false));
              }}
            >
              {t('admin.confirm')}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
