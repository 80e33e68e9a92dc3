import type { AdminMember } from '@rianroo/contract';
import { useId, useMemo } from 'react';
import { ConfirmButton } from '../components/ConfirmButton';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { useUserColumns } from '../components/user-columns';
import { useAdminI18n } from '../i18n';
import { AddByEmailForm } from './AddByEmailForm';
import { useTableParams } from '../lib/table-params';
import { useAdminWrite } from '../lib/use-admin-write';
import { useAddMember, useMembers, useRemoveMember } from './orgs-api';

const SORTABLE = ['email', 'name', 'createdAt'] as const;

/** An organisation's members (paged in the URL), one added by e-mail, each removable after a question. */
export function MembersCard({ orgId }: { orgId: string }) {
  const { t } = useAdminI18n();
  const controls = useTableParams({ sort: 'email', order: 'asc', sortable: SORTABLE });
  const query = useMembers(orgId, controls.params);
  const add = useAddMember(orgId);
  const remove = useRemoveMember(orgId);
  const write = useAdminWrite();
  const heading = useId();
  const people = useUserColumns<AdminMember>();
  const columns = useMemo<AdminColumn<AdminMember>[]>(
    () => [
      people.email,
      people.name,
      people.createdAt,
      {
        id: 'remove',
        header: '',
        cell: ({ row }) => (
          <ConfirmButton
            label={t('admin.orgs.remove')}
            accessibleLabel={t('admin.orgs.removeOf', { name: row.original.name })}
            title={t('admin.orgs.removeOf', { name: row.original.name })}
            body={t('admin.orgs.removeConfirm')}
            onConfirm={() => write(remove.mutateAsync(row.original.id), t('admin.orgs.removed'))}
          />
        ),
      },
    ],
    [t, people, remove, write],
  );
  return (
    // Not in a card: the table's search box needs the page's full width on a phone.
    <section aria-labelledby={heading} className="flex flex-col gap-3">
      <h2 id={heading} className="text-lg font-semibold text-slate-900">
        {t('admin.orgs.members')}
      </h2>
      <AddByEmailForm
        label="admin.orgs.addMember"
        added="admin.orgs.memberAdded"
        add={(email) => add.mutateAsync(email)}
        busy={add.isPending}
      />
      <DataTable
        caption={t('admin.orgs.members')}
        columns={columns}
        query={query}
        controls={controls}
        search={t('admin.users.search')}
        rowKey={(r) => r.id}
      />
    </section>
  );
}
