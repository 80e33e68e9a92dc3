import type { AdminEvaluationQuestion } from '@rianroo/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { PageLoading } from '../../../components/ui/Spinner';
import { AdminPage } from '../components/AdminPage';
import { ConfirmButton } from '../components/ConfirmButton';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import {
  useAddEvaluationQuestion,
  useDeleteEvaluationQuestion,
  useEditEvaluationQuestion,
  useEvaluationQuestions,
  useOrderEvaluationQuestions,
} from './assessments-api';
import { EvaluationForm } from './EvaluationForm';

const card = 'rounded-xl border border-slate-200 bg-white p-4';

/** /admin/evaluation: the course evaluation form's questions (one form, asked after every course). */
export default function EvaluationPage() {
  const { t, siteT } = useAdminI18n();
  const list = useEvaluationQuestions();
  const add = useAddEvaluationQuestion();
  const order = useOrderEvaluationQuestions();
  const write = useAdminWrite();
  if (list.isPending) return <PageLoading label={siteT('common.loading')} />;
  const items = list.data?.items ?? [];
  const move = (i: number, by: -1 | 1) => {
    const next = items.map((q) => q.id);
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    write(order.mutateAsync(next), t('admin.question.moved', { n: i + by + 1 })).catch(() => {});
  };
  return (
    <AdminPage title={t('admin.evaluation.title')} lead={t('admin.evaluation.lead')}>
      <section aria-labelledby="eval-questions" className={card}>
        <h2 id="eval-questions" className="mb-3 text-lg font-semibold text-slate-900">
          {t('admin.questions.title', { n: items.length })}
        </h2>
        {list.isError && (
          <p role="alert" className="text-red-700">
            {t('admin.tests.loadFailed')}
          </p>
        )}
        {list.isSuccess && !items.length && <p className="text-slate-600">{t('admin.questions.empty')}</p>}
        <ol className="flex flex-col gap-3">
          {items.map((q, i) => (
            <li key={q.id} className="rounded-lg border border-slate-200 p-3">
              <EvaluationItem question={q} n={i + 1} />
              <div className="mt-2 flex gap-1">
                <Button
                  variant="secondary"
                  aria-label={t('admin.question.up', { n: i + 1 })}
                  disabled={i === 0 || order.isPending}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </Button>
                <Button
                  variant="secondary"
                  aria-label={t('admin.question.down', { n: i + 1 })}
                  disabled={i === items.length - 1 || order.isPending}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </Button>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="eval-new" className={card}>
        <h2 id="eval-new" className="mb-3 text-lg font-semibold text-slate-900">
          {t('admin.question.new')}
        </h2>
        <EvaluationForm
          busy={add.isPending}
          onSave={(q) => write(add.mutateAsync(q), t('admin.question.added'))}
        />
      </section>
    </AdminPage>
  );
}

function EvaluationItem({ question: q, n }: { question: AdminEvaluationQuestion; n: number }) {
  const { t, lang } = useAdminI18n();
  const [editing, setEditing] = useState(false);
  const edit = useEditEvaluationQuestion();
  const remove = useDeleteEvaluationQuestion();
  const write = useAdminWrite();
  if (editing)
    return (
      <EvaluationForm
        question={q}
        busy={edit.isPending}
        onCancel={() => setEditing(false)}
        onSave={(v) =>
          write(edit.mutateAsync({ ...v, id: q.id }), t('admin.course.saved')).then(() => setEditing(false))
        }
      />
    );
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium break-words text-slate-900">
        {n}. {lang === 'th' ? q.promptTh : q.promptEn}{' '}
        <span className="text-sm font-normal text-slate-600">
          ({t(`admin.evaluation.kind.${q.kind}`)}
          {q.required ? ` · ${t('admin.evaluation.required')}` : ''}
          {q.active ? '' : ` · ${t('admin.evaluation.inactive')}`})
        </span>
      </p>
      {q.choices.length > 0 && (
        <ul className="text-sm text-slate-700">
          {q.choices.map((c) => (
            <li key={c.id}>• {lang === 'th' ? c.labelTh : c.labelEn}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-label={t('admin.question.editN', { n })}
          onClick={() => setEditing(true)}
        >
          {t('admin.question.edit')}
        </Button>
        {!q.answered && (
          <ConfirmButton
            label={t('admin.question.delete')}
            accessibleLabel={t('admin.question.deleteN', { n })}
            title={t('admin.question.deleteTitle')}
            body={lang === 'th' ? q.promptTh : q.promptEn}
            onConfirm={() => write(remove.mutateAsync(q.id), t('admin.question.deleted'))}
          />
        )}
      </div>
    </div>
  );
}
