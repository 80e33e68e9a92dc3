import { useState } from 'react';
import { Link } from 'react-router';
import { RetryAlert } from '../../../../components/RetryAlert';
import { Alert } from '../../../../components/ui/Card';
import { PageLoading } from '../../../../components/ui/Spinner';
import { useErrorText } from '../../../../lib/forms';
import { useAssignI18n } from '../../i18n/use-assign-i18n';
import { useAssignmentSummaries } from '../api/assignments';
import { AssignForm } from '../components/AssignForm';

/**
 * The console's assignments: assign a course, and the assigned courses with how many completed them and how
 * many are overdue; each leads to its assignees (`courseLink`, by default the course id under this page).
 */
export default function AssignmentsPage({
  orgId,
  courseLink = (courseId) => courseId,
}: {
  orgId: string;
  courseLink?: (courseId: string) => string;
}) {
  const { t, date } = useAssignI18n();
  const errorText = useErrorText();
  const list = useAssignmentSummaries(orgId);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const run = (p: Promise<string>) =>
    p.then(
      (text) => setNotice({ kind: 'success', text }),
      (err: unknown) => {
        setNotice({ kind: 'error', text: errorText(err) });
        throw err;
      },
    );
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('org.assign.title')}</h1>
        <p className="mt-1 text-slate-600">{t('org.assign.lead')}</p>
      </header>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <AssignForm orgId={orgId} run={run} />
      <section aria-labelledby="assigned-courses" className="flex flex-col gap-3">
        <h2 id="assigned-courses" className="text-lg font-semibold text-slate-900">
          {t('org.assign.courses')}
        </h2>
        {list.isPending ? (
          <PageLoading label={t('org.common.loading')} />
        ) : list.isError ? (
          <RetryAlert error={list.error} onRetry={() => list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            {t('org.assign.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.data.map((s) => (
              <li key={s.course.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <Link
                  to={courseLink(s.course.id)}
                  className="font-semibold wrap-anywhere text-teal-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-teal-600"
                  aria-label={t('org.assign.view', { course: s.course.title })}
                >
                  {s.course.title}
                </Link>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-600">{t('org.assign.assignees')}</dt>
                    <dd className="font-medium">{s.assignees}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t('org.assign.completed')}</dt>
                    <dd className="font-medium">{s.completed}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t('org.assign.overdue')}</dt>
                    <dd className={`font-medium ${s.overdue ? 'text-red-700' : ''}`}>{s.overdue}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t('org.assign.nextDue')}</dt>
                    <dd className="font-medium">{s.nextDueAt ? date(s.nextDueAt) : t('org.assign.noDue')}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
