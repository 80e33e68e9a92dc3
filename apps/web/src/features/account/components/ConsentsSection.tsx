import { mailKinds, type ConsentsAnswer } from '@rianroo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { RetryAlert } from '../../../components/RetryAlert';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { setConsent, useConsent } from '../../../lib/consent';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { consentsKey, useConsents } from '../api/consents';
import { useUpdateUser } from '../api/update-user';

type Purpose = ConsentsAnswer['history'][number]['purpose'];

/** One consent as a switch: its name, a line of what it is, on or off. */
function ConsentSwitch(props: {
  purpose: Purpose;
  hint: string;
  checked: boolean;
  busy?: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <li>
      <label className="flex w-full cursor-pointer items-center justify-between gap-4 py-3">
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">{t(`consents.purpose.${props.purpose}`)}</span>
          <span className="block text-sm text-slate-600">{props.hint}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={props.checked}
          disabled={props.busy}
          onChange={(e) => props.onChange(e.target.checked)}
          className="h-6 w-6 shrink-0 accent-teal-700"
        />
      </label>
    </li>
  );
}

/** The history of changes, newest first, with Thai (Buddhist-era) dates and times in Thai. */
function History({ history }: { history: ConsentsAnswer['history'] }) {
  const { t, date } = useI18n();
  if (!history.length) return <p className="text-sm text-slate-600">{t('consents.historyEmpty')}</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {history.map((h, i) => (
        <li key={`${h.at}-${h.purpose}-${i}`} className="flex flex-col sm:flex-row sm:gap-3">
          <time dateTime={h.at} className="shrink-0 text-slate-600">
            {date(h.at, true)}
          </time>
          <span className="text-slate-800">
            {t('consents.entry', {
              purpose: t(`consents.purpose.${h.purpose}`),
              change: t(h.granted ? 'consents.granted' : 'consents.withdrawn'),
              source: t(`consents.source.${h.source}`),
            })}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * "ความยินยอม" on the account page (PDPA): the mail kinds and the analytics scripts as switches (withdrawing is
 * one click, as giving is), and every change with its time.
 */
export function ConsentsSection({ userId }: { userId: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const consents = useConsents();
  const update = useUpdateUser(userId);
  const analytics = useConsent();
  const refresh = () => qc.invalidateQueries({ queryKey: consentsKey });
  return (
    <Card title={t('consents.title')}>
      <p className="text-slate-700">{t('consents.lead')}</p>
      {consents.isPending ? (
        <div className="py-4">
          <Spinner label={t('common.loading')} />
        </div>
      ) : consents.isError ? (
        <div className="mt-3">
          <RetryAlert error={consents.error} onRetry={() => void consents.refetch()} />
        </div>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-200">
            {mailKinds.map((kind) => (
              <ConsentSwitch
                key={kind}
                purpose={kind}
                hint={t(`comm.${kind}Hint`)}
                checked={update.variables?.marketing?.[kind] ?? consents.data.marketing[kind]}
                busy={update.isPending}
                onChange={(on) =>
                  update.mutate(
                    { marketing: { [kind]: on } },
                    {
                      onSuccess: () => toast(t('consents.saved'), 'success'),
                      onError: (err) => toast(errorText(err), 'error', 6000),
                      onSettled: () => void refresh().then(() => update.reset()),
                    },
                  )
                }
              />
            ))}
            <ConsentSwitch
              purpose="analytics"
              hint={t('consent.accountHint')}
              checked={analytics === 'granted'}
              onChange={(on) => void setConsent(on ? 'granted' : 'denied', 'account').then(refresh)}
            />
          </ul>
          <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t('consents.history')}</h3>
          <History history={consents.data.history} />
        </>
      )}
    </Card>
  );
}
