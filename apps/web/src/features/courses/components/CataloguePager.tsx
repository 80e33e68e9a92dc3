import { CATALOGUE_PAGE_SIZE, catalogPageUrl } from '@rianroo/contract/paths';
import { Link } from 'react-router';
import { secondaryLink } from '../../../components/ui/link-styles';
import { useI18n } from '../../../lib/i18n';

/**
 * Previous and next pages of the catalogue, as links to its own address (`?page=`), like the server's page
 * draws them before any script: a page can be shared, reloaded and gone back to.
 */
export function CataloguePager({
  filter,
  total,
}: {
  filter: { q: string; level: string; sort: string; page: number };
  total: number;
}) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  if (pages === 1 && filter.page === 1) return null;
  const to = (page: number) => catalogPageUrl({ ...filter, page });
  return (
    <nav
      aria-label={t('catalog.pages')}
      className="mt-8 flex flex-wrap items-center justify-center gap-3 text-sm"
    >
      {filter.page > 1 && (
        <Link to={to(Math.min(filter.page - 1, pages))} rel="prev" className={secondaryLink}>
          {t('catalog.prev')}
        </Link>
      )}
      <span className="text-slate-700" aria-current="page">
        {t('catalog.pageOf', { page: filter.page, pages })}
      </span>
      {filter.page < pages && (
        <Link to={to(filter.page + 1)} rel="next" className={secondaryLink}>
          {t('catalog.next')}
        </Link>
      )}
    </nav>
  );
}
