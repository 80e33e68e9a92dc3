import { useEffect, useRef, useState } from 'react';
import {
  CATALOGUE_SORTS,
  catalogPageUrl,
  catalogueLevel,
  cataloguePage,
  catalogueSort,
  COURSE_LEVELS,
  SEARCH_MAX_LENGTH,
  leadingCover,
} from '@rianroo/contract/paths';
import { Link, useSearchParams } from 'react-router';
import { CourseCard, CourseGrid } from '../../../components/CourseCard';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { servedField } from '../../../lib/page-data';
import { useSearchCourses } from '../api/search';
import { CataloguePager } from '../components/CataloguePager';

/**
 * The public catalogue: search (Thai words are found inside titles), a level filter and an order (newest, or
 * best rated), kept in the URL.
 */
export default function CatalogPage() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  // Taking over from the server's page (PageFallback): its search form as the learner left it.
  const [served] = useState(() => ({
    q: servedField('q'),
    level: servedField('level'),
    sort: servedField('sort'),
  }));
  const [text, setText] = useState(served.q?.value ?? params.get('q') ?? '');
  const searchBox = useRef<HTMLInputElement>(null);
  const filter = {
    q: params.get('q') ?? '',
    level: catalogueLevel(params.get('level')),
    sort: catalogueSort(params.get('sort')),
    page: cataloguePage(params.get('page')),
  };
  const result = useSearchCourses(filter);
  // The card whose cover is fetched first (as the server's drawing and its preload chose).
  const lead = result.data ? leadingCover(result.data.courses) : -1;
  // Search as the learner types, a moment after the last key.
  useEffect(() => {
    const id = setTimeout(() => {
      if (text !== (params.get('q') ?? '')) {
        const next = new URLSearchParams(params);
        if (text.trim()) next.set('q', text);
        else next.delete('q');
        // Other words, other list: from its first page.
        next.delete('page');
        setParams(next, { replace: true });
      }
    }, 300);
    return () => clearTimeout(id);
  }, [text, params, setParams]);
  // Another level or order: another list, from its first page. The default order is left out of the address.
  const choose = (changes: { level?: string; sort?: string }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value && !(key === 'sort' && value === 'newest')) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next, { replace: true });
  };
  // Once: a level or an order chosen on the server's page but not yet sent applies; the focus stays in the
  // search box.
  useEffect(() => {
    const changes = {
      ...(served.level && served.level.value !== filter.level ? { level: served.level.value } : {}),
      ...(served.sort && catalogueSort(served.sort.value) !== filter.sort ? { sort: served.sort.value } : {}),
    };
    if (Object.keys(changes).length) choose(changes);
    if (served.q?.focused && searchBox.current) {
      const box = searchBox.current;
      box.focus();
      box.setSelectionRange(box.value.length, box.value.length);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on taking over only
  }, []);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t('catalog.title')}</h1>
      <form
        role="search"
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
          {t('catalog.search')}
          <input
            ref={searchBox}
            type="search"
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('catalog.searchPlaceholder')}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base font-normal focus:outline-3 focus:outline-teal-600"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('catalog.level')}
          <select
            value={filter.level}
            onChange={(e) => choose({ level: e.target.value })}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 font-normal focus:outline-3 focus:outline-teal-600"
          >
            <option value="">{t('catalog.allLevels')}</option>
            {COURSE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`level.${level}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('catalog.sort')}
          <select
            value={filter.sort}
            onChange={(e) => choose({ sort: e.target.value })}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 font-normal focus:outline-3 focus:outline-teal-600"
          >
            {CATALOGUE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`catalog.sort.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <div className="mt-8" aria-live="polite" aria-busy={result.isFetching}>
        {result.isPending && <PageLoading label={t('common.loading')} />}
        {result.isError && (
          <div className="flex flex-col items-start gap-3">
            <Alert>{errorText(result.error)}</Alert>
            <Button variant="secondary" onClick={() => void result.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {result.data && (
          <>
            <p className="mb-4 text-sm text-slate-600">
              {result.data.total} {t('catalog.count')}
            </p>
            {result.data.courses.length === 0 ? (
              <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
                {result.data.total > 0 ? (
                  <>
                    <p>{t('catalog.pastEnd')}</p>
                    <Link
                      to={catalogPageUrl({ ...filter, page: 1 })}
                      className={`mt-3 inline-block ${textLink}`}
                    >
                      {t('catalog.firstPage')}
                    </Link>
                  </>
                ) : (
                  <p>{t('catalog.empty')}</p>
                )}
              </div>
            ) : (
              <CourseGrid>
                {result.data.courses.map((c, i) => (
                  <CourseCard key={c.id} course={c} priority={i === lead} />
                ))}
              </CourseGrid>
            )}
            <CataloguePager filter={filter} total={result.data.total} />
          </>
        )}
      </div>
    </div>
  );
}
