import { useAdminI18n } from '../i18n';
import { auditDiff } from './audit-diff';

/** Before/after of one audited write as a small table of the fields that changed. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useAdminI18n();
  const changes = auditDiff(before, after);
  if (!changes.length) return <p className="text-slate-600">{t('admin.audit.noChange')}</p>;
  return (
    <table className="mt-2 w-full text-xs">
      <thead>
        <tr className="text-slate-600">
          <th scope="col" className="py-1 pr-2 text-left font-medium">
            {t('admin.audit.field')}
          </th>
          <th scope="col" className="py-1 pr-2 text-left font-medium">
            {t('admin.audit.before')}
          </th>
          <th scope="col" className="py-1 text-left font-medium">
            {t('admin.audit.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field} className="border-t border-slate-100 align-top">
            <th scope="row" className="py-1 pr-2 text-left font-mono font-normal">
              {c.field || t('admin.empty')}
            </th>
            <td className="py-1 pr-2 wrap-anywhere">
              {c.before ? <del className="bg-red-50 text-red-900">{c.before}</del> : t('admin.empty')}
            </td>
            <td className="py-1 wrap-anywhere">
              {c.after ? (
                <ins className="bg-emerald-50 text-emerald-900 no-underline">{c.after}</ins>
              ) : (
                t('admin.empty')
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
