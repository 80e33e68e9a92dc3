import type { AdminEvaluationQuestion } from '@rianroo/contract';
import { PageLoading } from '../../../components/ui/Spinner';
import { AdminPage } from '../components/AdminPage';
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
import { QuestionRow, QuestionRows } from './QuestionRows';

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
        <QuestionRows items={items} order={order}>
          {(q, n) => <EvaluationItem question={q} n={n} />}
        </QuestionRows>
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
  const edit = useEditEvaluationQuestion();
  const remove = useDeleteEvaluationQuestion();
  return (
    <QuestionRow
      question={q}
      n={n}
      prompt={lang === 'th' ? q.promptTh : q.promptEn}
      Form={EvaluationForm}
      edit={edit}
      remove={remove}
    >
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
    </QuestionRow>
  );
}
