import type { AssessmentDetail, AssessmentResult, AttemptInProgress } from '@rianroo/contract';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useSubmitAttempt } from '../api/submit';
import { answeredCount, firstUnanswered, fromList, toList, type Answers } from '../lib/answers';
import { useAutosave } from '../lib/use-autosave';
import { useCountdown } from '../lib/use-countdown';
import { QuestionField } from './QuestionField';
import { QuestionNavigator } from './QuestionNavigator';
import { SubmitDialog } from './SubmitDialog';
import { TestStatusBar } from './TestStatusBar';

type Layout = 'one' | 'all';

/**
 * An attempt in progress: its questions one at a time or all on one page, answers autosaved, the countdown of
 * a timed test (submitting by itself at 0), and the submit with its confirmation.
 */
export function TakeTest({
  assessment,
  attempt,
  onSubmitted,
  onGone,
}: {
  assessment: AssessmentDetail;
  attempt: AttemptInProgress;
  onSubmitted: (result: AssessmentResult) => void;
  onGone: (err: ApiError) => void;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { questions } = assessment;
  const [answers, setAnswers] = useState<Answers>(() => fromList(attempt.answers));
  const [index, setIndex] = useState(() => firstUnanswered(questions, fromList(attempt.answers)));
  const [layout, setLayout] = useState<Layout>('one');
  const [confirming, setConfirming] = useState(false);
  const legends = useRef<(HTMLLegendElement | null)[]>([]);
  const sent = useRef(false);
  const submit = useSubmitAttempt(assessment.id, assessment.courseId);
  const autosave = useAutosave({
    assessmentId: assessment.id,
    onSaved: (a) => countdown.sync(a.secondsLeft),
    onTimeUp: () => send(),
    onGone,
  });
  const countdown = useCountdown(attempt.secondsLeft, () => send());
  const timeUp = countdown.left === 0;
  const answered = answeredCount(questions, answers);

  function send() {
    if (sent.current) return;
    sent.current = true;
    autosave.stop();
    submit.mutate(
      { attemptId: attempt.attemptId, answers: toList(answers) },
      {
        onSuccess: (result) => {
          setConfirming(false);
          onSubmitted(result);
        },
        onError: (err) => {
          sent.current = false;
          autosave.resume();
          setConfirming(false);
          if (err instanceof ApiError && err.code === 'NO_ATTEMPT_IN_PROGRESS') onGone(err);
        },
      },
    );
  }

  const choose = (questionId: string, choiceIds: string[]) => {
    setAnswers((a) => ({ ...a, [questionId]: choiceIds }));
    autosave.change(questionId, choiceIds);
  };
  const go = (i: number) => {
    void autosave.flush();
    setIndex(i);
    // The new question's legend takes the focus, so it is read out and its choices are the next Tab stops.
    requestAnimationFrame(() => legends.current[i]?.focus());
  };

  const shown = layout === 'one' ? [index] : questions.map((_, i) => i);
  return (
    <div>
      <TestStatusBar
        answered={answered}
        total={questions.length}
        left={countdown.left}
        save={autosave.state}
      />
      <fieldset className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <legend className="sr-only">{t('assess.layout')}</legend>
        <span aria-hidden="true" className="font-medium text-slate-700">
          {t('assess.layout')}:
        </span>
        {(['one', 'all'] as const).map((l) => (
          <label key={l} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="layout"
              checked={layout === l}
              onChange={() => setLayout(l)}
              className="size-4 accent-teal-700"
            />
            {l === 'one' ? t('assess.layoutOne') : t('assess.layoutAll')}
          </label>
        ))}
      </fieldset>
      <div className="mt-4">
        <QuestionNavigator
          questions={questions}
          answers={answers}
          current={layout === 'one' ? index : null}
          onGo={go}
        />
      </div>
      <div className="mt-6 flex flex-col gap-8">
        {shown.map((i) => {
          const q = questions[i]!;
          return (
            <QuestionField
              key={q.id}
              q={q}
              n={i + 1}
              total={questions.length}
              picks={answers[q.id] ?? []}
              disabled={timeUp || submit.isPending}
              onChange={(ids) => choose(q.id, ids)}
              legendRef={(el) => {
                legends.current[i] = el;
              }}
            />
          );
        })}
      </div>
      {submit.isError &&
        !(submit.error instanceof ApiError && submit.error.code === 'NO_ATTEMPT_IN_PROGRESS') && (
          <div className="mt-6">
            <Alert>
              {t('assess.submitFailed')} {errorText(submit.error)}
            </Alert>
          </div>
        )}
      <div className="mt-8 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        {layout === 'one' && (
          <>
            <Button variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
              {t('assess.prev')}
            </Button>
            <Button
              variant="secondary"
              disabled={index >= questions.length - 1}
              onClick={() => go(index + 1)}
            >
              {t('assess.next')}
            </Button>
          </>
        )}
        <Button
          className="ml-auto"
          busy={submit.isPending}
          onClick={() => (timeUp ? send() : setConfirming(true))}
        >
          {t('assess.submit')}
        </Button>
      </div>
      {confirming && (
        <SubmitDialog
          unanswered={questions.length - answered}
          busy={submit.isPending}
          onConfirm={send}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
