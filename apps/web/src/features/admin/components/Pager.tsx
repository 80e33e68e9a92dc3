import { Button } from '../../../components/ui/Button';
import { useAdminI18n } from '../i18n';
import { PAGE_SIZES, type TableControls } from '../lib/table-params';

/** Previous/next, where we are, and how many rows a page shows. */
export function Pager({ total, controls }: { total: number; controls: TableControls }) {
  const { t, num } = useAdminI18n();
  const { page, pageSize } = controls.params;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t('admin.table.pages')} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('admin.table.range', { from: num(from), to: num(to), total: num(total) })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {t('admin.table.pageSize')}
          <select
            value={pageSize}
            onChange={(e) => controls.setPageSize(Number(e.target.value))}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-2 focus:outline-3 focus:outline-teal-600"
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" disabled={page <= 1} onClick={() => controls.setPage(page - 1)}>
          {t('admin.table.prev')}
        </Button>
        <span className="text-sm text-slate-700">
          {t('admin.table.page', { page: num(Math.min(page, pages)), pages: num(pages) })}
        </span>
        <Button variant="secondary" disabled={page >= pages} onClick={() => controls.setPage(page + 1)}>
          {t('admin.table.next')}
        </Button>
      </div>
    </nav>
  );
}
