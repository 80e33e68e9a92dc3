import type { Assignee } from '@rianroo/contract';
import { Link } from 'react-router';
import { RetryAlert } from '../../../../components/RetryAlert';
import { Alert } from '../../../../components/ui/Card';
import { PageLoading } from '../../../../components/ui/Spinner';
import { ConfirmAction } from '../../components/ConfirmAction';
import { useNotice } from '../../components/use-notice';
import { useAssignI18n } from '../../i18n/use-assign-i18n';
import { useCourseAssignments, useWithdraw } from '../api/assignments';

/** A course's assignees with their progress, access and due dates; overdue ones first and marked. */
export default function AssignmentCoursePage({
  orgId,
  courseId,
  back = '..',
}: {
  orgId: string;
  courseId: string;
  /** Where "back" leads (by default the assignments page above this one). */
  back?: string;
}) {
  const { t } = useAssignI18n();
  const query = useCourseAssignments(orgId, courseId);
  const withdraw = useWithdraw(orgId, courseId);
  const { notice, run } = useNotice();
  const onWithdraw = (a: Assignee) =>
    run(withdraw.mutateAsync(a.user.id), t('org.assign.withdrawn')).catch(() => {});
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Link
        to={back}
        relative="path"
        className="text-sm text-teal-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-teal-600"
      >
        ← {t('org.assign.back')}
      </Link>
      {query.isPending ? (
        <PageLoading label={t('org.common.loading')} />
      ) : query.isError ? (
        <RetryAlert error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <h1 className="text-2xl font-bold wrap-anywhere text-slate-900">{query.data.course.title}</h1>
          {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
          {query.data.assignees.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
              {t('org.assign.noAssignees')}
            </p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t('org.assign.assignees')}>
              {query.data.assignees.map((a) => (
                <AssigneeCard key={a.user.id} a={a} onWithdraw={() => onWithdraw(a)} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function AssigneeCard({ a, onWithdraw }: { a: Assignee; onWithdraw: () => Promise<unknown> }) {
  const { t, date } = useAssignI18n();
  const name = a.user.name || a.user.email;
  const status = a.completed
    ? t('org.assign.completed')
    : a.overdue
      ? t('org.assign.overdue')
      : t('org.assign.inProgress');
  return (
    <li
      className={`rounded-xl border bg-white p-4 ${a.overdue ? 'border-red-300 bg-red-50' : 'border-slate-200'}`}
      data-testid="assignee"
    >
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold wrap-anywhere text-slate-900">{name}</p>
          <p className="text-sm wrap-anywhere text-slate-600">{a.user.email}</p>
          {a.group && (
            <p className="text-xs text-slate-600">{t('org.assign.via', { group: a.group.name })}</p>
          )}
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            a.completed
              ? 'bg-emerald-100 text-emerald-900'
              : a.overdue
                ? 'bg-red-100 text-red-900'
                : 'bg-slate-100 text-slate-800'
          }`}
        >
          {status}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{t('org.assign.progress')}</dt>
          <dd className="font-medium">{Math.round(a.percent)}%</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('org.assign.due').replace(/\s*\(.*\)$/, '')}</dt>
          <dd className={`font-medium ${a.overdue ? 'text-red-800' : ''}`}>
            {a.dueAt ? date(a.dueAt) : t('org.assign.noDue')}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('org.assign.postTest')}</dt>
          <dd className="font-medium">
            {!a.hasPostTest
              ? t('org.assign.noTest')
              : a.postTestPassed
                ? t('org.assign.passed')
                : t('org.assign.notPassed')}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('org.assign.certificate')}</dt>
          <dd className="font-medium wrap-anywhere">{a.certificateCode ?? '–'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('org.assign.access')}</dt>
          <dd className={`font-medium ${a.canAccess ? '' : 'text-amber-800'}`}>
            {a.canAccess ? t('org.assign.canAccess') : t('org.assign.noAccess')}
          </dd>
        </div>
      </dl>
      <div className="mt-3">
        {/* Asks first, as every other removal in the console does; only this card's button is busy. */}
        <ConfirmAction
          label={t('org.assign.withdraw')}
          accessibleLabel={t('org.assign.withdrawOf', { name })}
          body={t('org.assign.withdrawConfirm', { name })}
          onConfirm={onWithdraw}
        />
      </div>
    </li>
  );
}
