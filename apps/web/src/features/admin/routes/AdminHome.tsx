import { Link } from 'react-router';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { adminNav, adminPath } from '../nav';

/** /admin: the sections of the console, from the same list as the menu. */
export default function AdminHome() {
  const { t } = useAdminI18n();
  return (
    <AdminPage title={t('admin.title')} lead={t('admin.home.lead')}>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {adminNav
          .filter((i) => i.path)
          .map((i) => (
            <li key={i.path}>
              <Link
                to={adminPath(i.path)}
                className="flex min-h-16 items-center rounded-xl border border-slate-200 bg-white px-4 font-medium text-teal-800 shadow-sm hover:border-teal-600 focus-visible:outline-3 focus-visible:outline-teal-600"
              >
                {t(i.label)}
              </Link>
            </li>
          ))}
      </ul>
    </AdminPage>
  );
}
