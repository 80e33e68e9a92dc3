import { CheckoutLink } from '../../../components/CheckoutLink';
import { ContentImage } from '../../../components/ContentImage';
import { isLive } from '../../../lib/content';
import { useI18n } from '../../../lib/i18n';
import type { AnnualPromotion } from '../api/annual-promotion';

/** The annual plan offer of the content service, within its dates. */
export function AnnualPromotionCard({ promo, now = Date.now() }: { promo: AnnualPromotion; now?: number }) {
  const { t } = useI18n();
  if (!isLive(promo, now)) return null;
  return (
    <section
      aria-label={t('promo.label')}
      className="mt-6 flex flex-col overflow-hidden rounded-2xl border border-amber-200 bg-amber-50 sm:flex-row"
    >
      {promo.image && (
        <ContentImage
          media={promo.image}
          sizes="(min-width: 640px) 16rem, 100vw"
          loading="lazy"
          className="aspect-video w-full object-cover sm:aspect-auto sm:w-64"
        />
      )}
      <div className="flex flex-1 flex-col items-start gap-2 p-5">
        <h2 className="text-xl font-semibold text-slate-900">{promo.title}</h2>
        {promo.body && <p className="whitespace-pre-line text-slate-700">{promo.body}</p>}
        {promo.priceText && <p className="text-lg font-bold text-amber-900">{promo.priceText}</p>}
        <CheckoutLink
          url={promo.checkoutUrl}
          className="mt-1 inline-flex min-h-11 items-center rounded-lg bg-amber-700 px-5 font-semibold text-white hover:bg-amber-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
        >
          {t('promo.cta')}
        </CheckoutLink>
      </div>
    </section>
  );
}
