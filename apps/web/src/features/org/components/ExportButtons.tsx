import type { OrgReportQuery } from '@rianroo/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { bangkokToday } from '../../../lib/bangkok-day';
import { saveBlob } from '../../../lib/tax-invoices';
import { downloadReport } from '../api/org-api';
import { useOrgI18n } from '../i18n/use-org-i18n';

const TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** Downloads the members report (the filters given: the members list's) as CSV or XLSX. */
export function ExportButtons({ orgId, query = {} }: { orgId: string; query?: OrgReportQuery }) {
  const { t } = useOrgI18n();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [failed, setFailed] = useState(false);
  const download = async (kind: 'csv' | 'xlsx') => {
    setBusy(kind);
    setFailed(false);
    try {
      const blob = await downloadReport(orgId, kind, query);
      const typed = blob.type ? blob : new Blob([blob], { type: TYPES[kind] });
      saveBlob(typed, `members-${bangkokToday()}.${kind}`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" busy={busy === 'csv'} onClick={() => void download('csv')}>
          {t('org.export.csv')}
        </Button>
        <Button variant="secondary" busy={busy === 'xlsx'} onClick={() => void download('xlsx')}>
          {t('org.export.xlsx')}
        </Button>
      </div>
      {failed && <Alert>{t('org.export.failed')}</Alert>}
    </div>
  );
}
