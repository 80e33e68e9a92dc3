import type { AdminDataRequest } from '@rianroo/contract';
import { useAdminI18n } from '../i18n';
import { daysLeft } from './data-requests-api';

/**
 * A request's due day and, while it is open, the days left or how late it is; overdue in red with its word
 * (not by colour alone). Whether it is overdue is the server's (the database's clock).
 */
export function DueCell({ request }: { request: AdminDataRequest }) {
  const { t, date } = useAdminI18n();
  const open = request.status === 'open' || request.status === 'in_progress';
  const n = daysLeft(request.dueAt);
  const note = !open
    ? null
    : request.overdue
      ? `${t('admin.dr.overdue')} · ${t('admin.dr.daysLate', { n: Math.max(1, -n) })}`
      : n <= 0
        ? t('admin.dr.dueToday')
        : t('admin.dr.daysLeft', { n });
  return (
    <span className="flex flex-col">
      <span className="whitespace-nowrap">{date(request.dueAt, false)}</span>
      {note && (
        <span className={request.overdue ? 'font-semibold text-red-700' : 'text-sm text-slate-600'}>
          {note}
        </span>
      )}
    </span>
  );
}
