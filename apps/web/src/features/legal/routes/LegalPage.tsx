import type { LegalKind } from '@rianroo/contract';
import { Link, useSearchParams } from 'react-router';
import { RetryAlert } from '../../../components/RetryAlert';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { useI18n } from '../../../lib/i18n';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { useLegalDocument } from '../api/legal';
import { LegalBody } from '../components/LegalBody';

/**
 * `/terms` and `/privacy`: the terms of use and the privacy notice (PDPA) in the learner's language, the version
 * in effect (or `?version=N`, an earlier one), with its date and the list of versions.
 */
export default function LegalPage({ which }: { which: LegalKind }) {
  const { t, lang, date } = useI18n();
  const [params] = useSearchParams();
  const asked = Number(params.get('version')) || undefined;
  const doc = useLegalDocument(which, asked);
  const title = doc.data ? (lang === 'th' ? doc.data.titleTh : doc.data.titleEn) : t(`legal.${which}`);
  useDocumentMeta(title, null);
  if (doc.isPending) return <PageLoading label={t('common.loading')} />;
  if (doc.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('legal.loadFailed')}</h1>
        <RetryAlert error={doc.error} onRetry={() => void doc.refetch()} />
      </div>
    );
  const d = doc.data;
  const current = d.versions[0]?.version;
  const earlier = d.versions.filter((v) => v.version !== d.version);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 leading-relaxed break-words text-slate-800">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t('legal.version', { version: d.version, date: date(d.effectiveAt) })}
      </p>
      <LegalBody text={lang === 'th' ? d.bodyTh : d.bodyEn} />
      {earlier.length > 0 && (
        <nav aria-labelledby="legal-versions" className="mt-10 border-t border-slate-200 pt-6">
          <h2 id="legal-versions" className="text-base font-semibold text-slate-900">
            {t('legal.versions')}
          </h2>
          <ul className="mt-2 flex flex-col gap-2">
            {earlier.map((v) => (
              <li key={v.version}>
                <Link
                  className={textLink}
                  to={v.version === current ? `/${which}` : `/${which}?version=${v.version}`}
                >
                  {v.version === current
                    ? t('legal.current')
                    : t('legal.versionLink', { version: v.version, date: date(v.effectiveAt) })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}
