import type { AssessmentQuestion } from '@rianroo/contract';
import { useI18n } from '../../../lib/i18n';
import { isAnswered, type Answers } from '../lib/answers';

/** Buttons to every question: answered ones filled, the current one marked. */
export function QuestionNavigator({
  questions,
  answers,
  current,
  onGo,
}: {
  questions: AssessmentQuestion[];
  answers: Answers;
  current: number | null;
  onGo: (index: number) => void;
}) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('assess.navigator')}>
      <ol className="flex flex-wrap gap-2">
        {questions.map((q, i) => {
          const answered = isAnswered(answers, q.id);
          const here = i === current;
          const label = [
            t('assess.navItem', { n: i + 1 }),
            answered ? t('assess.navAnswered') : null,
            here ? t('assess.navCurrent') : null,
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <li key={q.id}>
              <button
                type="button"
                aria-label={label}
                aria-current={here ? 'step' : undefined}
                onClick={() => onGo(i)}
                className={`flex size-11 items-center justify-center rounded-lg border text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${answered ? 'border-teal-700 bg-teal-700 text-white hover:bg-teal-800' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'} ${here ? 'ring-2 ring-amber-500 ring-offset-2' : ''}`}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
