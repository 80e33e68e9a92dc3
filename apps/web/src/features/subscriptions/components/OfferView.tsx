import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckoutLink } from '../../../components/CheckoutLink';
import { ContentImage } from '../../../components/ContentImage';
import { Alert } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import type { ContentState } from '../../../lib/content';
import { useI18n } from '../../../lib/i18n';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import type { OfferContent } from '../api/offer-content';

/**
 * An offer page (free trial, renewal): the editors' title, text, image and call to action to the checkout.
 * Without the content service the page still explains the offer in our words and goes to our own checkout; an
 * offer of the editors without a checkout URL says checkout is not open (spec: "Missing Checkout Url").
 */
export function OfferView({
  content: { data: content, settled },
  title,
  lead,
  cta,
  cpc,
  notice,
  fallbackUrl,
}: {
  content: ContentState<OfferContent>;
  title: string;
  lead: string;
  cta: string;
  cpc?: string | null;
  /** What the learner's own state adds above the offer (a renewal's ended plan). */
  notice?: ReactNode;
  /** Our own checkout, for when the content service has no offer at all (down or empty). */
  fallbackUrl: string;
}) {
  const { t } = useI18n();
  const heading = content?.title ?? title;
  useDocumentMeta(settled ? `${heading} · ${t('app.name')}` : null, null);
  if (!settled) return <PageLoading label={t('common.loading')} />;
  const unavailable = <Alert kind="info">{t('offer.unavailable')}</Alert>;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {content?.image && (
          <ContentImage
            media={content.image}
            sizes="(min-width: 768px) 736px, 100vw"
            className="aspect-video w-full bg-slate-200 object-cover"
          />
        )}
        <div className="flex flex-col items-start gap-4 p-5 sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{heading}</h1>
          {notice}
          <p className="text-lg leading-relaxed whitespace-pre-line text-slate-700">
            {content?.body ?? lead}
          </p>
          {cpc && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              {t('offer.promoCode', { code: cpc })}
            </p>
          )}
          <CheckoutLink
            url={content ? content.checkoutUrl : fallbackUrl}
            cpc={cpc}
            fallback={unavailable}
            className="inline-flex min-h-12 items-center rounded-lg bg-teal-700 px-6 text-lg font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {content?.cta ?? cta}
          </CheckoutLink>
          <Link to="/courses" className="text-sm font-medium text-teal-800 hover:underline">
            {t('library.browse')}
          </Link>
        </div>
      </article>
    </div>
  );
}
