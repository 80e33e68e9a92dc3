import { useMemo } from 'react';
import { Link } from 'react-router';
import { textLink } from '../../../components/ui/link-styles';
import { useAdminI18n } from '../i18n';
import type { AdminColumn } from './DataTable';

/** What every table of people has (the users list, an organisation's members). */
type Person = { id: string; email: string; name: string; createdAt: string };

/**
 * The columns every table of people shows the same way, each sorted by the server: the e-mail (a link to
 * the user's page), the name and the day the account was made. A screen puts them in its own order.
 */
export function useUserColumns<T extends Person>() {
  const { t, date } = useAdminI18n();
  return useMemo(() => {
    const email: AdminColumn<T> = {
      id: 'email',
      header: t('admin.users.email'),
      meta: { sortable: true },
      cell: ({ row }) => (
        <Link to={`/admin/users/${row.original.id}`} className={`${textLink} wrap-anywhere`}>
          {row.original.email}
        </Link>
      ),
    };
    const name: AdminColumn<T> = {
      id: 'name',
      header: t('admin.users.name'),
      meta: { sortable: true },
      cell: ({ row }) => row.original.name,
    };
    const createdAt: AdminColumn<T> = {
      id: 'createdAt',
      header: t('admin.users.created'),
      meta: { sortable: true },
      cell: ({ row }) => date(row.original.createdAt, false),
    };
    return { email, name, createdAt };
  }, [t, date]);
}
