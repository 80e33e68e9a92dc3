import { CATALOGUE_PAGE_SIZE, catalogPageUrl } from '@rianroo/contract/paths';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-teal-800 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600';

/**
 * Previous and next pages of the catalogue, as links to its own address (`?page=`), like the server's page
 * draws them before any script: a page can be shared, reloaded and gone back to.
 */
export function CataloguePager({
  filter,
  total,
}: {
  filter: { q: string; level: string; page: number };
  total: number;
}) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  if (pages <= 1 && filter.page === 1) return null;
  const to = (page: number) => catalogPageUrl({ ...filter, page });
  return (
    <nav
      aria-label={t('catalog.pages')}
      className="mt-8 flex flex-wrap items-center justify-center gap-3 text-sm"
    >
      {filter.page > 1 && (
        <Link to={to(Math.min(filter.page - 1, pages))} rel="prev" className={linkClass}>
          {t('catalog.prev')}
        </Link>
      )}
      <span className="text-slate-700" aria-current="page">
        {t('catalog.pageOf', { page: filter.page, pages })}
      </span>
      {filter.page < pages && (
        <Link to={to(filter.page + 1)} rel="next" className={linkClass}>
          {t('catalog.next')}
        </Link>
      )}
    </nav>
  );
}
