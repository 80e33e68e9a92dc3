import type { AcceptedOrgInvite } from '@rianroo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useLoggedIn } from '../../../lib/use-session';
import { acceptInvite } from '../api/org-api';

/**
 * /org-invite/<token>, the mailed invitation's link: signed out, sign in or sign up (and come back here);
 * signed in, accept. Its own small chunk (the console's is not loaded for it).
 */
export default function AcceptInvitePage() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const loggedIn = useLoggedIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<AcceptedOrgInvite | null>(null);
  const qc = useQueryClient();
  const back = encodeURIComponent(pathname);
  return (
    <AuthShell title={t('orgInvite.title')} lead={done ? undefined : t('orgInvite.lead')}>
      {done ? (
        <div className="flex flex-col gap-4">
          <Alert kind="success">
            {t(done.role === 'manager' ? 'orgInvite.managing' : 'orgInvite.joined', { name: done.name })}
          </Alert>
          <Link
            to={done.role === 'manager' ? `/org/${done.organizationId}` : '/library'}
            className={primaryLink}
          >
            {t(done.role === 'manager' ? 'orgInvite.toConsole' : 'orgInvite.toLibrary')}
          </Link>
        </div>
      ) : !loggedIn ? (
        <div className="flex flex-wrap gap-3">
          <Link to={`/login?redirect=${back}`} className={primaryLink}>
            {t('orgInvite.signIn')}
          </Link>
          <Link to={`/register?redirect=${back}`} className={secondaryLink}>
            {t('orgInvite.register')}
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t('orgInvite.moveNote')}</p>
          {error && <Alert>{error}</Alert>}
          <div>
            <Button
              busy={busy}
              onClick={() => {
                setBusy(true);
                setError(null);
                acceptInvite(token)
                  .then(
                    (accepted) => {
                      setDone(accepted);
                      // A new manager sees the console's link at once; a member, the organisation's courses.
                      void qc.invalidateQueries();
                    },
                    (err: unknown) => setError(errorText(err)),
                  )
                  .finally(() => setBusy(false));
              }}
            >
              {t('orgInvite.accept')}
            </Button>
          </div>
        </div>
      )}
    </AuthShell>
  );
}
