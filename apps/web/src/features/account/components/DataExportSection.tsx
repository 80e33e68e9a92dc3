import type { DataExport } from '@rianroo/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { downloadDataExport, useAskDataExport, useLatestDataExport } from '../api/data-export';

const megabytes = (bytes: number) => `${Math.max(0.1, bytes / 1_048_576).toFixed(1)} MB`;

/** The ready ZIP's button; says when the download failed. */
function Download({ ready }: { ready: DataExport }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadDataExport(ready.id, ready.readyAt ?? ready.requestedAt);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <Button busy={busy} onClick={() => void download()}>
        {t('dataExport.download')}
      </Button>
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

/** What the latest export says, in a live region so the change from pending to ready is announced. */
function Status({ current }: { current: DataExport | null }) {
  const { t, date } = useI18n();
  if (!current) return <p className="text-slate-600">{t('dataExport.none')}</p>;
  switch (current.status) {
    case 'pending':
      return (
        <div className="flex items-center gap-3 text-slate-700">
          <Spinner small />
          <p>{t('dataExport.pending', { when: date(current.requestedAt, true) })}</p>
        </div>
      );
    case 'ready':
      return (
        <p className="text-slate-700">
          {t('dataExport.ready', {
            size: megabytes(current.sizeBytes ?? 0),
            until: date(current.expiresAt ?? current.requestedAt, true),
          })}
        </p>
      );
    case 'failed':
      return <Alert>{t('dataExport.failed')}</Alert>;
    case 'expired':
      return <p className="text-slate-600">{t('dataExport.expired', { when: date(current.requestedAt) })}</p>;
  }
}

/** "Download my data" (PDPA): ask for a ZIP, watch it being built, download it for 7 days. */
export function DataExportSection() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const latest = useLatestDataExport();
  const ask = useAskDataExport();
  const current = latest.data?.export ?? null;
  return (
    <div id="data-export" className="scroll-mt-20">
      <Card title={t('dataExport.title')}>
        <p className="mb-4 text-slate-700">{t('dataExport.lead')}</p>
        {latest.isPending && (
          <div className="min-h-12">
            <Spinner label={t('common.loading')} />
          </div>
        )}
        {latest.isError && (
          <div className="flex flex-col items-start gap-3">
            <Alert>{errorText(latest.error)}</Alert>
            <Button variant="secondary" onClick={() => void latest.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {latest.isSuccess && (
          <div className="flex flex-col items-start gap-4">
            <div role="status" aria-live="polite">
              <Status current={current} />
            </div>
            {current?.status === 'ready' && <Download key={current.id} ready={current} />}
            {current?.status !== 'pending' && (
              <Button
                variant={current?.status === 'ready' ? 'secondary' : 'primary'}
                busy={ask.isPending}
                onClick={() => ask.mutate()}
              >
                {current ? t('dataExport.askAgain') : t('dataExport.ask')}
              </Button>
            )}
            {ask.isError && <Alert>{errorText(ask.error)}</Alert>}
          </div>
        )}
      </Card>
    </div>
  );
}
