import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ContentImage } from '../../../components/ContentImage';
import { ContentLink } from '../../../components/ContentLink';
import { LineIcon } from '../../../components/ui/Icon';
import { linkTarget } from '../../../lib/content';
import { useI18n } from '../../../lib/i18n';
import type { LibraryBanner } from '../api/library-banners';
import { useCarousel } from '../lib/use-carousel';

const control =
  'flex min-h-11 min-w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 focus-visible:outline-3 focus-visible:outline-teal-600';

function Slide({ banner, first }: { banner: LibraryBanner; first: boolean }) {
  const { t } = useI18n();
  const target = linkTarget(banner.link);
  const img = (
    <ContentImage
      media={banner.image}
      sizes="(min-width: 1152px) 1120px, 100vw"
      alt={banner.alt}
      loading={first ? 'eager' : 'lazy'}
      draggable={false}
      className="h-full w-full object-cover"
    />
  );
  if (!target) return img;
  return (
    <ContentLink
      target={target}
      label={banner.alt ? undefined : t('banner.open')}
      className="block h-full w-full focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-teal-600"
    >
      {img}
    </ContentLink>
  );
}

/** Keeps the banners' place while they load (the usual 4:1 banner and its controls), so nothing jumps. */
export function BannerPlaceholder() {
  return (
    <div aria-hidden="true" className="mt-6">
      <div className="aspect-[4/1] animate-pulse rounded-2xl bg-slate-200 motion-reduce:animate-none" />
      <div className="mt-2 h-11" />
    </div>
  );
}

/**
 * The editors' banners at the top of the library: an auto-rotating carousel after the WAI-ARIA APG pattern
 * (pause first, previous and next, a labelled button per slide, arrow keys), paused while hovered or focused,
 * still for reduced motion, swipeable on phones. One banner is shown as a plain image.
 */
export function BannerCarousel({ banners }: { banners: LibraryBanner[] }) {
  const { t } = useI18n();
  const c = useCarousel(banners.length);
  const swipeFrom = useRef<number | null>(null);
  const firstImage = banners[0]?.image;
  if (!firstImage) return null;
  const many = banners.length > 1;
  const ratio =
    firstImage.width && firstImage.height ? `${firstImage.width} / ${firstImage.height}` : '4 / 1';
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') c.next();
    else if (e.key === 'ArrowLeft') c.prev();
    else return;
    e.preventDefault();
  };
  const controls: ReactNode = many && (
    <div className="mt-2 flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={control} onClick={c.togglePaused}>
        <span className="sr-only">{c.rotating ? t('banner.pause') : t('banner.play')}</span>
        <LineIcon d={c.rotating ? 'M9 6v12M15 6v12' : 'M8 5l11 7-11 7z'} />
      </button>
      <button type="button" className={control} onClick={c.prev}>
        <span className="sr-only">{t('banner.prev')}</span>
        <LineIcon d="M15 6l-6 6 6 6" />
      </button>
      {banners.map((b, i) => (
        <button
          key={b.id}
          type="button"
          className="group flex h-11 w-8 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-teal-600"
          aria-current={i === c.current ? 'true' : undefined}
          onClick={() => c.goTo(i)}
        >
          <span className="sr-only">{t('banner.goTo', { n: i + 1 })}</span>
          <span
            aria-hidden="true"
            className={`block h-2.5 rounded-full transition-all ${i === c.current ? 'w-6 bg-teal-700' : 'w-2.5 bg-slate-400 group-hover:bg-slate-600'}`}
          />
        </button>
      ))}
      <button type="button" className={control} onClick={c.next}>
        <span className="sr-only">{t('banner.next')}</span>
        <LineIcon d="M9 6l6 6-6 6" />
      </button>
    </div>
  );
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('banner.region')}
      className="mt-6"
      onMouseEnter={() => c.setHovered(true)}
      onMouseLeave={() => c.setHovered(false)}
      onFocus={() => c.setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) c.setFocused(false);
      }}
      onKeyDown={many ? onKeyDown : undefined}
    >
      <div
        className="overflow-hidden rounded-2xl bg-slate-200"
        style={{ aspectRatio: ratio }}
        onPointerDown={(e) => (swipeFrom.current = e.clientX)}
        onPointerUp={(e) => {
          const dx = swipeFrom.current === null ? 0 : e.clientX - swipeFrom.current;
          swipeFrom.current = null;
          if (Math.abs(dx) > 40) (dx < 0 ? c.next : c.prev)();
        }}
      >
        <div
          aria-live={c.moving ? 'off' : 'polite'}
          className="flex h-full motion-safe:transition-transform motion-safe:duration-500"
          style={{ transform: `translateX(-${c.current * 100}%)` }}
        >
          {banners.map((b, i) => (
            <div
              key={b.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('banner.slide', { n: i + 1, total: banners.length })}
              inert={i !== c.current}
              className="h-full w-full shrink-0"
            >
              <Slide banner={b} first={i === 0} />
            </div>
          ))}
        </div>
      </div>
      {controls}
    </section>
  );
}
