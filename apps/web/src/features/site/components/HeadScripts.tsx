import { useEffect, useId, useState } from 'react';
import { setConsent, useConsent } from '../../../lib/consent';
import { injectHeadHtml } from '../../../lib/head-html';
import { useI18n } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useHeaderScript } from '../api/header-script';
import { textLink } from '../../../components/ui/link-styles';

/**
 * Header scripts of the content service go into the page head (spec section 2), and only once the learner has
 * consented (PDPA: they are the editors' analytics and tag managers). Until then a banner asks; none
 * published, nothing asked and nothing added.
 */
export default function HeadScripts() {
  const { data: html } = useHeaderScript();
  const consent = useConsent();
  useEffect(() => {
    if (html && consent === 'granted') injectHeadHtml(html);
  }, [html, consent]);
  return html && consent === null ? <ConsentBanner /> : null;
}

/**
 * One row at 360 px, 49 px high (issue 36: the banner, the announcement and the header together take at most a
 * fifth of a phone's first screen): a short question and both answers; the full wording behind "details".
 */
function ConsentBanner() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const answer =
    'min-h-10 shrink-0 rounded-lg px-2.5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600';
  return (
    <section
      aria-label={t('consent.title')}
      className="border-b border-slate-200 bg-slate-100 px-4 py-1 text-sm text-slate-800"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-2">
        {/* Two lines whatever the font: the question on one (cut with "…" if it must be), "details" below. */}
        <div className="flex min-w-0 flex-1 flex-col items-start leading-5">
          <p className="max-w-full truncate">{t('consent.short')}</p>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
            className={`${textLink} underline`}
          >
            {t('consent.details')}
          </button>
        </div>
        <button
          type="button"
          onClick={() => setConsent('denied')}
          className={`${answer} border border-slate-400 bg-white font-medium hover:bg-slate-50`}
        >
          {t('consent.deny')}
        </button>
        <button
          type="button"
          onClick={() => setConsent('granted')}
          className={`${answer} bg-teal-700 font-semibold text-white hover:bg-teal-800`}
        >
          {t('consent.accept')}
        </button>
      </div>
      <p id={detailsId} hidden={!open} className="mx-auto max-w-6xl py-2">
        {t('consent.text')}{' '}
        <Link to="/privacy" className={`${textLink} underline`}>
          {t('legal.privacy')}
        </Link>
      </p>
    </section>
  );
}
