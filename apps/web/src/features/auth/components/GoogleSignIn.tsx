import { GoogleLogin, GoogleOAuthProvider, useGoogleOAuth } from '@react-oauth/google';
import { useI18n } from '../../../lib/i18n';
import { googleLogin } from '../api/google-login';
import type { LoginOutcome } from '../api/login';

type Props = { onOutcome: (o: LoginOutcome) => void; onError: (e: unknown) => void };

function Button({ onOutcome, onError }: Props) {
  const { scriptLoadedSuccessfully } = useGoogleOAuth();
  const { t } = useI18n();
  if (!scriptLoadedSuccessfully) return null;
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

/** Google Identity Services on the sign-in page only: its provider loads Google's script when mounted. */
export default function GoogleSignIn({ clientId, ...props }: Props & { clientId: string }) {
  return (
    <GoogleOAuthProvider clientId={clientId}>
      <Button {...props} />
    </GoogleOAuthProvider>
  );
}
