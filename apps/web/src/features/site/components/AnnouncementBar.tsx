import { useState } from 'react';
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
  return (
    <div role="region" aria-label={t('content.announcement')} className="bg-teal-900 text-white">
      <div className="mx-auto flex max-w-6xl items-center gap-2 py-1 pr-1 pl-4 text-sm sm:pr-3">
        <p className="flex-1 py-2 leading-snug">
          {target && !data.linkLabel ? (
            <ContentLink target={target} className={linkClass}>
              {data.message}
            </ContentLink>
          ) : (
            data.message
          )}
          {target && data.linkLabel && (
            <>
              {' '}
              <ContentLink target={target} className={`${linkClass} whitespace-nowrap`}>
                {data.linkLabel}
              </ContentLink>
            </>
          )}
        </p>
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
