import { lazy, Suspense } from 'react';
import { usePublicConfig } from '../../../lib/public-config';
import type { LoginOutcome } from '../api/login';

// Google's provider, its script and its button load only here, and only when a client id is configured:
// no request to Google from any other page (PDPA), and none of its code in the first page's bundle.
const GoogleSignIn = lazy(() => import('./GoogleSignIn'));

/** Shown only when a client id is configured and Google's script has loaded; otherwise nothing at all. */
export function GoogleButton(props: { onOutcome: (o: LoginOutcome) => void; onError: (e: unknown) => void }) {
  const config = usePublicConfig();
  if (!config?.googleClientId) return null;
  return (
    <Suspense fallback={null}>
      <GoogleSignIn clientId={config.googleClientId} {...props} />
    </Suspense>
  );
}
