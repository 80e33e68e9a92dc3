import type { OidcProvider, PublicConfig } from '@rianroo/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/protected-paths';
import { usePublicConfig } from '../../../lib/public-config';
import { useToast } from '../../../lib/toast';
import { startOidcLogin } from '../api/oidc-login';

/** The provider's name as learners know it: the partner's configured name, or LINE. */
export function useOidcLabel(provider: OidcProvider, config: PublicConfig | undefined) {
  const { t } = useI18n();
  if (provider === 'line') return 'LINE';
  return config?.partnerSignIn?.name ?? t('oidc.partner');
}

/** How each provider's button looks: its colours and its mark. */
const LOOK: Record<OidcProvider, { className: string; icon: { className: string; path: string } }> = {
  siriraj: {
    className: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
    icon: {
      className: 'fill-teal-700',
      path: 'M12 2 3 6v6c0 5 3.8 9.7 9 10 5.2-.3 9-5 9-10V6l-9-4zm-1 5h2v4h4v2h-4v4h-2v-4H7v-2h4V7z',
    },
  },
  // LINE's green, darkened to keep white text readable (4.5:1).
  line: {
    className: 'bg-[#06813F] text-white hover:bg-[#056B34]',
    icon: {
      className: 'fill-current',
      path: 'M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5 1.1-.5 6-3.5 8.2-6C21.4 14.3 22 12.7 22 11c0-4.4-4.5-8-10-8z',
    },
  },
};

/** The partner's and LINE's buttons, each shown only when the platform offers it. */
export function OidcButtons() {
  const config = usePublicConfig();
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState<OidcProvider>();
  const partner = useOidcLabel('siriraj', config);
  const offered: [OidcProvider, string][] = [];
  if (config?.partnerSignIn) offered.push(['siriraj', partner]);
  if (config?.lineLogin) offered.push(['line', 'LINE']);
  const start = (provider: OidcProvider) => {
    setBusy(provider);
    startOidcLogin(provider, safeRedirect(params.get('redirect'))).catch((err: unknown) => {
      setBusy(undefined);
      toast(errorText(err), 'error');
    });
  };
  return offered.map(([provider, name]) => (
    <button
      key={provider}
      type="button"
      disabled={!!busy}
      aria-busy={busy === provider}
      onClick={() => start(provider)}
      className={`mt-3 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60 ${LOOK[provider].className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 ${LOOK[provider].icon.className}`}>
        <path d={LOOK[provider].icon.path} />
      </svg>
      {t('oidc.button', { name })}
    </button>
  ));
}
