import { describe, expect, it } from 'vitest';
import { toDetail, toResult } from './assessment-views.js';
import type { AssessmentRow, Attempt } from './assessments.repo.js';

/** Attempts left, as a test and a result show them: the limit less the attempts used, never below 0. */
const test = (maxAttempts: number | null) =>
  ({
    id: 'a',
    course_id: 'c',
    episode_id: null,
    kind: 'pre_test',
    title: 'ทดสอบ',
    description: '',
    passing_score: 50,
    max_attempts: maxAttempts,
    time_limit_seconds: null,
    shuffle_questions: false,
    questions_per_attempt: null,
    skippable: false,
    live: true,
  }) as unknown as AssessmentRow;
const graded = (n: number) =>
  ({
    id: `t${n}`,
    number: n,
    status: 'submitted',
    questionOrder: [],
    answers: {},
    startedAt: new Date(0),
    submittedAt: new Date(0),
    deadlineAt: null,
    passingScore: 50,
    late: false,
    score: 0,
    passed: false,
    grading: [],
  }) as unknown as Attempt;
const used = (n: number) => Array.from({ length: n }, (_, i) => graded(n - i));
const left = (max: number | null, n: number) => {
  const fromDetail = toDetail(test(max), [], used(n)).attemptsLeft;
  if (n) expect(toResult(test(max), [], graded(n), used(n)).attemptsLeft).toBe(fromDetail);
  return fromDetail;
};

describe('attempts left', () => {
  it('is the limit less the attempts used', () => {
    expect(left(3, 0)).toBe(3);
    expect(left(3, 1)).toBe(2);
    expect(left(3, 2)).toBe(1);
    expect(left(3, 3)).toBe(0);
  });

  it('is 0, never negative, when the limit was lowered below the attempts used', () => {
    expect(left(1, 3)).toBe(0);
  });

  it('is null (no count) when the test has no limit', () => {
    expect(left(null, 0)).toBeNull();
    expect(left(null, 4)).toBeNull();
  });
});
