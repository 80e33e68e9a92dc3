import type { AuditEntry } from '@rianroo/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { FilterForm } from '../components/FilterForm';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { auditFilters, useAuditFacets, useAuditLog } from './audit-api';
import { AuditDiff } from './AuditDiff';
import { auditSentence } from './audit-sentence';

const linkButton =
  'min-h-11 rounded px-1 text-left font-semibold text-teal-800 underline hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-teal-600';
const textLink =
  'rounded font-semibold text-teal-800 underline wrap-anywhere hover:text-teal-900 focus-visible:outline-3 focus-visible:outline-teal-600';

/**
 * /admin/audit: every admin write, newest first, as a sentence (who did what to which named thing, with a link
 * to it), filtered by person, kind and days.
 */
export default function AuditPage() {
  const { t, date, lang } = useAdminI18n();
  const controls = useTableParams({ sort: 'at', sortable: ['at'] }, auditFilters);
  const query = useAuditLog(controls.params);
  const facets = useAuditFacets();
  const columns = useMemo<AdminColumn<AuditEntry>[]>(
    () => [
      {
        id: 'at',
        header: t('admin.audit.at'),
        meta: { sortable: true },
        cell: ({ row }) => <span className="whitespace-nowrap">{date(row.original.at)}</span>,
      },
      {
        id: 'what',
        header: t('admin.audit.what'),
        cell: ({ row }) => {
          const e = row.original;
          const s = auditSentence(e, lang);
          return (
            <p className="leading-relaxed">
              {e.actor ? (
                <button
                  type="button"
                  className={linkButton}
                  title={e.actor.email}
                  onClick={() => controls.setFilters({ actorId: e.actor!.id })}
                >
                  {e.actor.name}
                </button>
              ) : (
                <span className="font-semibold">{t('admin.audit.system')}</span>
              )}{' '}
              {s.verb} {s.kind}{' '}
              {s.href ? (
                <Link to={s.href} className={textLink}>
                  {s.name}
                </Link>
              ) : (
                <span className="font-semibold wrap-anywhere">{s.name}</span>
              )}
              <span className="block font-mono text-xs text-slate-500">{e.action}</span>
            </p>
          );
        },
      },
      {
        id: 'changes',
        header: t('admin.audit.changes'),
        cell: ({ row }) => (
          <details>
            <summary className="min-h-11 cursor-pointer py-2 text-teal-800 focus-visible:outline-3 focus-visible:outline-teal-600">
              {t('admin.audit.show')}
            </summary>
            <AuditDiff before={row.original.before} after={row.original.after} />
          </details>
        ),
      },
    ],
    [t, date, lang, controls],
  );
  const people = [
    { value: '', label: t('admin.audit.everyone') },
    ...(facets.data?.actors ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.email})` })),
  ];
  const kinds = [
    { value: '', label: t('admin.audit.allEntities') },
    ...(facets.data?.entities ?? []).map((k) => ({
      value: k,
      label: auditSentence({ action: '', entity: k, entityId: '', entityName: null } as AuditEntry, lang)
        .kind,
    })),
  ];
  return (
    <AdminPage title={t('admin.audit.title')} lead={t('admin.audit.lead')}>
      <DataTable
        caption={t('admin.audit.title')}
        columns={columns}
        query={query}
        controls={controls}
        rowKey={(r) => r.id}
        filters={
          <FilterForm
            controls={controls}
            fields={[
              { key: 'actorId', label: t('admin.audit.actor'), options: people },
              { key: 'entity', label: t('admin.audit.entity'), options: kinds },
              { key: 'from', label: t('admin.audit.from'), type: 'date' },
              { key: 'to', label: t('admin.audit.to'), type: 'date' },
            ]}
          />
        }
      />
    </AdminPage>
  );
}
