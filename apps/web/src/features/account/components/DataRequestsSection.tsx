import { DATA_REQUEST_DETAILS_MAX, myDataRequestBody, type MyDataRequest } from '@rianroo/contract';
import { useId } from 'react';
import { RetryAlert } from '../../../components/RetryAlert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { useApiErrorHandler, useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useFileDataRequest, useMyDataRequests } from '../api/data-requests';

const box =
  'min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus:outline-3 focus:outline-offset-1 focus:outline-teal-600';

function RequestItem({ r }: { r: MyDataRequest }) {
  const { t, date } = useI18n();
  const closed = r.status === 'done' || r.status === 'rejected';
  return (
    <li className="flex flex-col gap-1 py-3">
      <p className="flex flex-wrap justify-between gap-2">
        <span className="font-medium text-slate-900">{t(`dr.kind.${r.kind}`)}</span>
        <span className="text-slate-700">{t(`dr.status.${r.status}`)}</span>
      </p>
      <p className="text-sm text-slate-600">
        {t('dr.received', { date: date(r.receivedAt) })}
        {!closed && ` · ${t('dr.due', { date: date(r.dueAt) })}`}
      </p>
      {r.details && <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{r.details}</p>}
      {closed && r.resolution && (
        <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
          {t('dr.answer', { text: r.resolution })}
        </p>
      )}
    </li>
  );
}

/** The learner's correction or objection: what and why, in their words. */
function RequestForm() {
  const { t } = useI18n();
  const toast = useToast();
  const id = useId();
  const file = useFileDataRequest();
  const { register, handleSubmit, setError, reset, formState } = useZodForm(myDataRequestBody, {
    kind: 'correction',
    details: '',
  });
  const onApiError = useApiErrorHandler({ setError }, ['details']);
  const error = formState.errors.details?.message;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((v) =>
        file.mutate(v, {
          onSuccess: () => {
            reset();
            toast(t('dr.sent'), 'success', 4000);
          },
          onError: onApiError,
        }),
      )}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-kind`} className="text-sm font-medium text-slate-800">
          {t('dr.kind')}
        </label>
        <select id={`${id}-kind`} className={`${box} border-slate-300`} {...register('kind')}>
          <option value="correction">{t('dr.kind.correction')}</option>
          <option value="objection">{t('dr.kind.objection')}</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-details`} className="text-sm font-medium text-slate-800">
          {t('dr.details')}
        </label>
        <textarea
          id={`${id}-details`}
          rows={4}
          maxLength={DATA_REQUEST_DETAILS_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={`${box} ${error ? 'border-red-600' : 'border-slate-300'}`}
          {...register('details')}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('dr.detailsHint')}
        </p>
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" busy={file.isPending}>
          {t('dr.send')}
        </Button>
      </div>
    </form>
  );
}

/** "Requests about your personal data": the learner's requests of every kind, and a new correction or objection. */
export function DataRequestsSection() {
  const { t } = useI18n();
  const list = useMyDataRequests();
  return (
    <Card title={t('dr.title')}>
      <p className="mb-4 text-slate-700">{t('dr.lead')}</p>
      {list.isPending && (
        <div className="min-h-16">
          <Spinner label={t('common.loading')} />
        </div>
      )}
      {list.isError && <RetryAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.items.length === 0 && <p className="text-slate-700">{t('dr.none')}</p>}
      {!!list.data?.items.length && (
        <ul className="mb-4 divide-y divide-slate-200">
          {list.data.items.map((r) => (
            <RequestItem key={r.id} r={r} />
          ))}
        </ul>
      )}
      <RequestForm />
    </Card>
  );
}
