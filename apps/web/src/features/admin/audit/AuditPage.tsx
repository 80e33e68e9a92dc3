import type { AuditEntry } from '@rianroo/contract';
import { useMemo } from 'react';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { FilterForm } from '../components/FilterForm';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { auditFilters, useAuditLog } from './audit-api';
import { AuditDiff } from './AuditDiff';

const linkButton =
  'min-h-11 rounded px-1 text-left text-teal-800 underline hover:bg-teal-50 focus-visible:outline-3 focus-visible:outline-teal-600';

/** /admin/audit: every admin write, newest first, filtered by kind, row or administrator. */
export default function AuditPage() {
  const { t, date } = useAdminI18n();
  const controls = useTableParams({ sort: 'at', sortable: ['at'] }, auditFilters);
  const query = useAuditLog(controls.params);
  const columns = useMemo<AdminColumn<AuditEntry>[]>(
    () => [
      {
        id: 'at',
        header: t('admin.audit.at'),
        meta: { sortable: true },
        cell: ({ row }) => <span className="whitespace-nowrap">{date(row.original.at)}</span>,
      },
      {
        id: 'actor',
        header: t('admin.audit.actor'),
        cell: ({ row }) => {
          const actor = row.original.actor;
          if (!actor) return t('admin.audit.system');
          return (
            <button
              type="button"
              className={linkButton}
              onClick={() => controls.setFilters({ actorId: actor.id })}
            >
              {actor.name}
              <span className="block text-xs text-slate-600 no-underline">{actor.email}</span>
            </button>
          );
        },
      },
      {
        id: 'action',
        header: t('admin.audit.action'),
        cell: ({ row }) => <code>{row.original.action}</code>,
      },
      {
        id: 'entity',
        header: t('admin.audit.entityId'),
        cell: ({ row }) => (
          <button
            type="button"
            className={`${linkButton} font-mono text-xs wrap-anywhere`}
            onClick={() =>
              controls.setFilters({ entity: row.original.entity, entityId: row.original.entityId })
            }
          >
            {row.original.entity}/{row.original.entityId}
          </button>
        ),
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
    [t, date, controls],
  );
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
              { key: 'entity', label: t('admin.audit.entity') },
              { key: 'entityId', label: t('admin.audit.entityId') },
              { key: 'actorId', label: t('admin.audit.actorId') },
            ]}
          />
        }
      />
    </AdminPage>
  );
}
