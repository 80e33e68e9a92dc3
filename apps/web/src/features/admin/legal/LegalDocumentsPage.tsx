import { RetryAlert } from '../../../components/RetryAlert';
import { Card } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { ConfirmButton } from '../components/ConfirmButton';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useDeleteLegalDocument, useLegalDocuments } from './legal-api';
import { NewVersionForm } from './NewVersionForm';

/** /admin/legal: every version of the terms and the privacy notice, and a new version. */
export default function LegalDocumentsPage() {
  const { t, date, num, siteT } = useAdminI18n();
  const docs = useLegalDocuments();
  const remove = useDeleteLegalDocument();
  const write = useAdminWrite();
  const th = 'px-3 py-2 text-left font-medium text-slate-700';
  const td = 'px-3 py-2 align-top';
  return (
    <AdminPage title={t('admin.legal.title')} lead={t('admin.legal.lead')}>
      <Card>
        {docs.isPending ? (
          <PageLoading label={siteT('common.loading')} />
        ) : docs.isError ? (
          <RetryAlert error={docs.error} onRetry={() => void docs.refetch()} />
        ) : docs.data.items.length === 0 ? (
          <p className="text-slate-600">{t('admin.legal.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('admin.legal.title')}</caption>
              <thead className="border-b border-slate-200">
                <tr>
                  <th scope="col" className={th}>
                    {t('admin.legal.kind')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.legal.version')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.legal.effectiveAt')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.legal.state')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.legal.acceptances')}
                  </th>
                  <th scope="col" className={th}>
                    <span className="sr-only">{t('admin.legal.delete')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {docs.data.items.map((d) => (
                  <tr key={d.id}>
                    <td className={td}>
                      {d.state === 'scheduled' ? (
                        t(`admin.legal.kind.${d.kind}`)
                      ) : (
                        <a
                          className={textLink}
                          href={`/${d.kind}?version=${d.version}`}
                          target="_blank"
                          rel="noreferrer"
                        >
                          {t(`admin.legal.kind.${d.kind}`)}
                        </a>
                      )}
                    </td>
                    <td className={td}>{num(d.version)}</td>
                    <td className={td}>{date(d.effectiveAt)}</td>
                    <td className={td}>{t(`admin.legal.state.${d.state}`)}</td>
                    <td className={td}>{num(d.acceptances)}</td>
                    <td className={td}>
                      {d.state === 'scheduled' && (
                        <ConfirmButton
                          label={t('admin.legal.delete')}
                          accessibleLabel={t('admin.legal.deleteLabel', {
                            kind: t(`admin.legal.kind.${d.kind}`),
                            version: d.version,
                          })}
                          title={t('admin.legal.deleteTitle')}
                          onConfirm={() => write(remove.mutateAsync(d.id), t('admin.legal.deleted'))}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Card title={t('admin.legal.new')}>
        <NewVersionForm />
      </Card>
    </AdminPage>
  );
}
