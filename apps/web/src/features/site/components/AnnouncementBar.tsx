import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ContentLink } from '../../../components/ContentLink';
import { LineIcon } from '../../../components/ui/Icon';
import { useInAudience } from '../../../lib/audience';
import { linkTarget } from '../../../lib/content';
import { useI18n } from '../../../lib/i18n';
import { useAnnouncement, type Announcement } from '../api/announcement-bar';

/** A dismissed announcement stays hidden for the browser session; a new message shows again. */
export const DISMISSED_KEY = 'announcementDismissed';
const fingerprint = (a: Announcement) => JSON.stringify([a.message, a.link]);

function readDismissed(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** The editors' announcement above the header of every page, when enabled, with a message, for its audience. */
export default function AnnouncementBar() {
  const { t } = useI18n();
  const { data } = useAnnouncement();
  const [dismissed, setDismissed] = useState(readDismissed);
  const inAudience = useInAudience(data?.audience ?? 'everyone');
  if (!data || !inAudience || dismissed === fingerprint(data)) return null;
  const target = linkTarget(data.link);
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, fingerprint(data));
    } catch {
      /* storage disabled: hidden until the next page load */
    }
    setDismissed(fingerprint(data));
    // The button goes away with the bar: keep keyboard users at the top of the page.
    document.querySelector<HTMLElement>('header a')?.focus();
  };
  const linkClass =
    'rounded font-semibold underline underline-offset-2 hover:text-teal-100 focus-visible:outline-2 focus-visible:outline-white';
  const message =
    target && !data.linkLabel ? (
      <ContentLink target={target} className={linkClass}>
        {data.message}
      </ContentLink>
    ) : (
      data.message
    );
  const label = target && data.linkLabel && (
    <ContentLink target={target} className={`${linkClass} shrink-0 whitespace-nowrap`}>
      {data.linkLabel}
    </ContentLink>
  );
  return (
    <div role="region" aria-label={t('content.announcement')} className="bg-teal-900 text-white">
      <div className="mx-auto flex max-w-6xl items-start pl-4 text-sm sm:pr-3">
        <OneLine expandLabel={t('content.expand')} label={label}>
          {message}
        </OneLine>
        <button
          type="button"
          onClick={dismiss}
          className="flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <span className="sr-only">{t('content.dismiss')}</span>
          <LineIcon d="M6 6l12 12M18 6L6 18" />
        </button>
      </div>
    </div>
  );
}

/**
 * The message on one line (a phone's first screen is short: issue 36), its link label kept in view beside it
 * (never clipped away from a tap or a keyboard); a message too long for the line ends in "…" and a button
 * shows it whole. Screen readers read it whole either way.
 */
function OneLine({
  expandLabel,
  label,
  children,
}: {
  expandLabel: string;
  label: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [clipped, setClipped] = useState(false);
  const text = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = text.current;
    if (!el || open) return;
    const measure = () => setClipped(el.scrollWidth > el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => watch.disconnect();
  }, [open]);
  return (
    <>
      <p className={`min-w-0 flex-1 py-3 leading-5 ${open ? '' : 'flex gap-1'}`}>
        <span ref={text} className={open ? '' : 'min-w-0 truncate'}>
          {children}
        </span>
        {label && (open ? ' ' : null)}
        {label}
      </p>
      {(clipped || open) && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <span className="sr-only">{expandLabel}</span>
          <LineIcon d="M6 9l6 6 6-6" className={`h-5 w-5 ${open ? 'rotate-180' : ''}`} />
        </button>
      )}
    </>
  );
}
