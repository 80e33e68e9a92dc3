import { GoogleLogin, useGoogleOAuth } from '@react-oauth/google';
import { useI18n } from '../../../lib/i18n';
import { usePublicConfig } from '../../../lib/public-config';
import { googleLogin } from '../api/google-login';
import type { LoginOutcome } from '../api/login';

/** Shown only when a client id is configured and Google's script has loaded; otherwise nothing at all. */
export function GoogleButton({
  onOutcome,
  onError,
}: {
  onOutcome: (o: LoginOutcome) => void;
  onError: (e: unknown) => void;
}) {
  const { scriptLoadedSuccessfully } = useGoogleOAuth();
  const config = usePublicConfig();
  const { t } = useI18n();
  if (!config?.googleClientId || !scriptLoadedSuccessfully) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-3">
      <p className="text-sm text-slate-500">{t('common.or')}</p>
      <GoogleLogin
        text="signin_with"
        onSuccess={(r) => {
          if (r.credential) void googleLogin(r.credential).then(onOutcome, onError);
        }}
        onError={() => onError(new Error('google'))}
      />
    </div>
  );
}
