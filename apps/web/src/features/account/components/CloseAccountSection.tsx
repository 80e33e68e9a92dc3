import { ACCOUNT_CLOSURE_COOL_OFF_DAYS } from '@rianroo/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import {
  closureRequestedPath,
  useAccountClosure,
  useCancelClosure,
  useRequestClosure,
} from '../api/account-closure';

/**
 * "ปิดบัญชี": what closing does (14 days to change one's mind, what is kept), then a dialog that asks for the
 * password (or, for an account without one, its e-mail address typed out). The server ends every session, so the
 * learner is signed out here and shown the date.
 */
export function CloseAccountSection({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const { t, date } = useI18n();
  const errorText = useErrorText();
  const toast = useToast();
  const current = useAccountClosure();
  const cancel = useCancelClosure();
  const [asking, setAsking] = useState(false);
  const open = current.data?.closure;

  let body;
  if (current.isPending) body = <Spinner label={t('common.loading')} />;
  else if (current.isError)
    body = (
      <div className="flex flex-col items-start gap-3">
        <Alert>{errorText(current.error)}</Alert>
        <Button variant="secondary" onClick={() => void current.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (open)
    body = (
      <div className="flex flex-col items-start gap-3">
        <Alert kind="info">{t('closure.pending', { date: date(open.dueAt) })}</Alert>
        <Button
          variant="secondary"
          busy={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => toast(t('closure.cancelled.title'), 'success', 4000),
              onError: (err) => toast(errorText(err), 'error'),
            })
          }
        >
          {t('closure.cancel')}
        </Button>
      </div>
    );
  else
    body = (
      <>
        <ul className="mb-4 list-disc space-y-2 pl-5 text-slate-700">
          <li>{t('closure.coolOff', { days: ACCOUNT_CLOSURE_COOL_OFF_DAYS })}</li>
          <li>{t('closure.erased')}</li>
          <li>{t('closure.kept')}</li>
          <li>{t('closure.renewal')}</li>
        </ul>
        <Button variant="danger" onClick={() => setAsking(true)}>
          {t('closure.open')}
        </Button>
      </>
    );

  return (
    <Card title={t('closure.title')}>
      {body}
      {asking && <ConfirmDialog hasPassword={hasPassword} email={email} onClose={() => setAsking(false)} />}
    </Card>
  );
}

function ConfirmDialog(props: { hasPassword: boolean; email: string; onClose: () => void }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const request = useRequestClosure();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(undefined);
    if (!value.trim())
      return setError(t(props.hasPassword ? 'closure.passwordRequired' : 'closure.emailMismatch'));
    if (!props.hasPassword && value.trim().toLowerCase() !== props.email.toLowerCase())
      return setError(t('closure.emailMismatch'));
    setError(undefined);
    request.mutate(props.hasPassword ? { password: value } : { email: value.trim() }, {
      // Every session of the account has ended on the server: the page shown next signs this browser out
      // (here, the route guard would see a signed-out learner on /account first and send them to the login).
      onSuccess: (closure) =>
        navigate(closureRequestedPath(closure.dueAt), { replace: true, state: { signOut: true } }),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'INVALID_CREDENTIALS')
          setError(t('closure.wrongPassword'));
        else if (err instanceof ApiError && err.code === 'VALIDATION_ERROR')
          setError(t(props.hasPassword ? 'closure.passwordRequired' : 'closure.emailMismatch'));
        else setFailure(errorText(err));
      },
    });
  };

  return (
    <Dialog title={t('closure.confirmTitle')} onClose={props.onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-slate-700">{t('closure.confirmLead', { days: ACCOUNT_CLOSURE_COOL_OFF_DAYS })}</p>
        {props.hasPassword ? (
          <TextField
            label={t('closure.password')}
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error}
          />
        ) : (
          <TextField
            label={t('closure.typeEmail')}
            hint={props.email}
            type="email"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error}
          />
        )}
        {failure && <Alert>{failure}</Alert>}
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={props.onClose}>
            {t('closure.keep')}
          </Button>
          <Button type="submit" variant="danger" busy={request.isPending}>
            {t('closure.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
