import { describe, expect, it } from 'vitest';
import { gradeAttempt, gradeQuestion, gradesPass, type GradedQuestion } from './grading.js';

const single: GradedQuestion = {
  id: 'q1',
  kind: 'single',
  points: 2,
  choices: [
    { id: 'a', correct: false },
    { id: 'b', correct: true },
    { id: 'c', correct: false },
  ],
};
const truth: GradedQuestion = {
  id: 'q2',
  kind: 'true_false',
  points: 1,
  choices: [
    { id: 't', correct: true },
    { id: 'f', correct: false },
  ],
};
const multiple: GradedQuestion = {
  id: 'q3',
  kind: 'multiple',
  points: 4,
  choices: [
    { id: 'm1', correct: true },
    { id: 'm2', correct: true },
    { id: 'm3', correct: false },
    { id: 'm4', correct: false },
  ],
};

describe('grading', () => {
  it('single choice: all points for the right pick, none for a wrong one, none for two picks', () => {
    expect(gradeQuestion(single, ['b'])).toEqual({ questionId: 'q1', correct: true, pointsEarned: 2 });
    expect(gradeQuestion(single, ['a'])).toEqual({ questionId: 'q1', correct: false, pointsEarned: 0 });
    expect(gradeQuestion(single, ['a', 'b']).pointsEarned).toBe(0);
    expect(gradeQuestion(single, []).pointsEarned).toBe(0);
  });

  it('true/false: the one right answer', () => {
    expect(gradeQuestion(truth, ['t']).correct).toBe(true);
    expect(gradeQuestion(truth, ['f']).correct).toBe(false);
  });

  it('multiple choice: exact picks are right; partial picks earn their share; wrong picks take a share back', () => {
    expect(gradeQuestion(multiple, ['m1', 'm2'])).toEqual({
      questionId: 'q3',
      correct: true,
      pointsEarned: 4,
    });
    expect(gradeQuestion(multiple, ['m1'])).toEqual({ questionId: 'q3', correct: false, pointsEarned: 2 });
    expect(gradeQuestion(multiple, ['m1', 'm2', 'm3'])).toEqual({
      questionId: 'q3',
      correct: false,
      pointsEarned: 2,
    });
    // Ticking every box earns nothing.
    expect(gradeQuestion(multiple, ['m1', 'm2', 'm3', 'm4']).pointsEarned).toBe(0);
    expect(gradeQuestion(multiple, ['m3']).pointsEarned).toBe(0);
  });

  it('picks of choices that are not the question’s are ignored, and a pick counts once', () => {
    expect(gradeQuestion(single, ['b', 'zzz']).correct).toBe(true);
    expect(gradeQuestion(multiple, ['m1', 'm1']).pointsEarned).toBe(2);
  });

  it('an attempt: points summed, percent with two decimals, passed at the passing score', () => {
    const answers = { q1: ['b'], q2: ['f'], q3: ['m1'] };
    const g = gradeAttempt([single, truth, multiple], answers, 57);
    expect(g.pointsTotal).toBe(7);
    expect(g.pointsEarned).toBe(4);
    expect(g.score).toBe(57.14);
    expect(g.passed).toBe(true);
    expect(gradeAttempt([single, truth, multiple], answers, 58).passed).toBe(false);
    expect(g.grades.map((x) => x.correct)).toEqual([true, false, false]);
  });

  it('a score exactly at the pass mark passes; one point under it fails', () => {
    const four = ['a', 'b', 'c', 'd'].map((id): GradedQuestion => ({ ...single, id, points: 1 }));
    const three = { a: ['b'], b: ['b'], c: ['b'], d: ['a'] };
    expect(gradeAttempt(four, three, 75)).toMatchObject({ score: 75, passed: true });
    expect(gradeAttempt(four, three, 76)).toMatchObject({ score: 75, passed: false });
    expect(gradeAttempt(four, { ...three, c: ['a'] }, 75)).toMatchObject({ score: 50, passed: false });
  });

  it('single choice: two picks earn nothing, even with the right one first', () => {
    expect(gradeQuestion(single, ['b', 'a'])).toEqual({ questionId: 'q1', correct: false, pointsEarned: 0 });
    expect(gradeQuestion(truth, ['t', 'f']).correct).toBe(false);
  });

  it('multiple choice: a pick that is not a choice of the question takes nothing back', () => {
    expect(gradeQuestion(multiple, ['m1', 'zzz'])).toEqual({
      questionId: 'q3',
      correct: false,
      pointsEarned: 2,
    });
  });

  it('a multiple-choice question with no right choice (the editor refuses one) earns nothing, picked or not', () => {
    const none: GradedQuestion = {
      ...multiple,
      choices: multiple.choices.map((c) => ({ ...c, correct: false })),
    };
    expect(gradeQuestion(none, [])).toEqual({ questionId: 'q3', correct: false, pointsEarned: 0 });
    expect(gradeQuestion(none, ['m3'])).toEqual({ questionId: 'q3', correct: false, pointsEarned: 0 });
  });

  it('unanswered questions earn nothing; an empty test never passes', () => {
    expect(gradeAttempt([single, truth], {}, 0).score).toBe(0);
    expect(gradeAttempt([], {}, 0)).toMatchObject({ score: 0, pointsTotal: 0, passed: false });
  });

  it('a pre-test passes only with a pass mark above 0; quizzes and post-tests at any mark', () => {
    expect(gradesPass('pre_test', 0)).toBe(false);
    expect(gradesPass('pre_test', 1)).toBe(true);
    expect(gradesPass('episode_quiz', 0)).toBe(true);
    expect(gradesPass('post_test', 0)).toBe(true);
  });
});
