import type { AdminAssessment, AdminQuestion } from '@rianroo/contract';
import { Button } from '../../../components/ui/Button';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useDeleteQuestion, useEditQuestion, useOrderQuestions, useRetireQuestion } from './assessments-api';
import { QuestionForm } from './QuestionForm';
import { QuestionRow, QuestionRows } from './QuestionRows';

/** The questions in order: moved by buttons, edited in place, deleted (never shown) or retired (answered). */
export function QuestionList({ assessment }: { assessment: AdminAssessment }) {
  const { t } = useAdminI18n();
  const a = assessment;
  const order = useOrderQuestions(a.courseId, a.id);
  if (!a.questions.length) return <p className="text-slate-600">{t('admin.questions.empty')}</p>;
  return (
    <QuestionRows items={a.questions} order={order}>
      {(q, n) => <QuestionItem courseId={a.courseId} question={q} n={n} />}
    </QuestionRows>
  );
}

function QuestionItem({
  courseId,
  question: q,
  n,
}: {
  courseId: string;
  question: AdminQuestion;
  n: number;
}) {
  const { t } = useAdminI18n();
  const edit = useEditQuestion(courseId);
  const remove = useDeleteQuestion(courseId);
  const retire = useRetireQuestion(courseId);
  const write = useAdminWrite();
  return (
    <QuestionRow
      question={q}
      n={n}
      prompt={q.prompt}
      Form={QuestionForm}
      edit={edit}
      remove={remove}
      answeredAction={
        <Button
          variant="secondary"
          busy={retire.isPending}
          onClick={() =>
            write(
              retire.mutateAsync({ id: q.id, retired: !q.retired }),
              t(q.retired ? 'admin.question.restored' : 'admin.question.retiredDone'),
            ).catch(() => {})
          }
        >
          {t(q.retired ? 'admin.question.restore' : 'admin.question.retire')}
        </Button>
      }
    >
      <p className="font-medium break-words text-slate-900">
        {n}. {q.prompt}{' '}
        <span className="text-sm font-normal text-slate-600">
          ({t(`admin.question.kind.${q.kind}`)} · {t('admin.question.pointsN', { n: q.points })})
        </span>
        {q.retired && (
          <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-800">
            {t('admin.question.retired')}
          </span>
        )}
      </p>
      {q.topic && (
        <p className="text-sm break-words text-slate-600">{t('admin.question.topicN', { topic: q.topic })}</p>
      )}
      <ul className="flex flex-col gap-1 text-sm">
        {q.choices.map((c) => (
          <li key={c.id} className={c.correct ? 'font-semibold text-teal-800' : 'text-slate-700'}>
            {c.correct ? '✓ ' : '• '}
            {c.label}
            {c.correct && <span className="sr-only"> ({t('admin.question.rightAnswer')})</span>}
          </li>
        ))}
      </ul>
    </QuestionRow>
  );
}
