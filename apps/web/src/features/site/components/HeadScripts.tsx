import { useEffect } from 'react';
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

function ConsentBanner() {
  const { t } = useI18n();
  return (
    <section
      aria-label={t('consent.title')}
      className="border-b border-slate-200 bg-slate-100 px-4 py-3 text-sm text-slate-800"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <p className="min-w-60 flex-1">
          {t('consent.text')}{' '}
          <Link to="/privacy" className={`${textLink} underline`}>
            {t('legal.privacy')}
          </Link>
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setConsent('denied')}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-4 font-medium hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-teal-600"
          >
            {t('consent.deny')}
          </button>
          <button
            type="button"
            onClick={() => setConsent('granted')}
            className="min-h-11 rounded-lg bg-teal-700 px-4 font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {t('consent.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
