import { useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/protected-paths';
import { usePublicConfig } from '../../../lib/public-config';
import { startFacebookLogin } from '../api/facebook-login';

/** Shown only when the platform has a Facebook app. */
export function FacebookButton() {
  const config = usePublicConfig();
  const { t } = useI18n();
  const [params] = useSearchParams();
  if (!config?.facebookAppId) return null;
  return (
    <button
      type="button"
      onClick={() => startFacebookLogin(config, safeRedirect(params.get('redirect')))}
      className="mt-3 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-[#0866FF] px-4 font-semibold text-white hover:bg-[#1461CC] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
        <path d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
      </svg>
      {t('facebook.button')}
    </button>
  );
}
