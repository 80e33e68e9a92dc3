import type { AdminUserDetail } from '@rianroo/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useSetRole } from './users-api';

const ROLES = ['learner', 'instructor', 'admin'] as const;

export function RoleForm({ user }: { user: AdminUserDetail }) {
  const { t } = useAdminI18n();
  const id = useId();
  const [role, setRole] = useState(user.role);
  const setRoleOf = useSetRole(user.id);
  const write = useAdminWrite();
  return (
    <Form
      className="mt-5 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        write(setRoleOf.mutateAsync(role), t('admin.user.roleSaved')).catch(() => setRole(user.role));
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t('admin.users.role')}
        </label>
        <select
          id={id}
          value={role}
          onChange={(e) => setRole(e.target.value as AdminUserDetail['role'])}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 focus:outline-3 focus:outline-teal-600"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.role.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" busy={setRoleOf.isPending} disabled={role === user.role}>
        {t('admin.user.changeRole')}
      </Button>
    </Form>
  );
}
