import {
  ANSWER_GRACE_SECONDS,
  type AssessmentDetail,
  type AssessmentResult,
  type QuestionAnswer,
} from '@rianroo/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import type { CoursesService } from '../courses/index.js';
import { courseCompletion } from './completion.repo.js';
import { askedIn, toDetail, toInProgress, toResult } from './assessment-views.js';
import { gradeAttempt, gradesPass } from './grading.js';
import { drawSheet, promptKey } from './pool.js';
import * as repo from './assessments.repo.js';

const noAccess = () => new AppError('NO_ACCESS', 403, 'This test needs a subscription or a free trial');
const limitReached = () =>
  new AppError('ATTEMPT_LIMIT_REACHED', 409, 'Every attempt of this test has been used');
const timeUp = () =>
  new AppError('TIME_UP', 409, 'The time of this attempt is over: submit it to have it graded');
const nothingOpen = () =>
  new AppError('NO_ATTEMPT_IN_PROGRESS', 409, 'No attempt of this test is in progress');

/** The attempt's time and grace are over (by this server's clock; saves are checked by the database's). */
export const overdue = (t: Pick<repo.Attempt, 'deadlineAt'>) =>
  !!t.deadlineAt && t.deadlineAt.getTime() + ANSWER_GRACE_SECONDS * 1000 < Date.now();

/** Grading gave up (not an AppError: a 500, its text for the log only). */
const notGraded = (attemptId: string) => new Error(`attempt ${attemptId} could not be graded`);

export interface AssessmentsDeps {
  db: Db;
}

/** Quizzes, pre-tests and post-tests (PRODUCT.md section 6): attempts, autosave, grading, limits. */
export class AssessmentsService {
  constructor(
    private readonly deps: AssessmentsDeps,
    private readonly courses: CoursesService,
  ) {}
  private get db() {
    return this.deps.db;
  }

  /** Questions by assessment, kept per version (`updated_at`): every request grades or checks against them. */
  private readonly questionCache = new Map<string, { version: string; rows: Promise<repo.QuestionRow[]> }>();
  private questions(a: repo.AssessmentRow) {
    const version = a.version;
    const hit = this.questionCache.get(a.id);
    if (hit?.version === version) return hit.rows;
    const rows = repo.questionsWithChoices(this.db, a.id);
    rows.catch(() => this.questionCache.delete(a.id));
    if (this.questionCache.size >= 2000) this.questionCache.delete(this.questionCache.keys().next().value!);
    this.questionCache.set(a.id, { version, rows });
    return rows;
  }

  /**
   * A published assessment this learner may take: the course's access rule, except that the quiz of a
   * teaser episode follows the teaser (anyone logged in). 404 when unknown, 403 NO_ACCESS when locked.
   * `ownAttempt`: also one no longer live (`live: false`), to go on with an attempt the learner started or read
   * their own attempts and results: the caller answers 404 when there is none (decision 016, learners' data
   * first; nothing new starts on it).
   */
  private async authorized(userId: string, id: string, { ownAttempt = false } = {}) {
    const a =
      (await repo.findAssessment(this.db, id)) ??
      (ownAttempt ? await repo.findAssessment(this.db, id, { live: false }) : undefined);
    if (!a) throw notFound('Assessment');
    const gate = { courseId: a.course_id, isTeaser: a.episode_is_teaser === true };
    if (await this.courses.episodeLocked(userId, gate)) throw noAccess();
    return a;
  }

  /**
   * A test with this learner's attempts. One no longer live still answers a learner who has attempts of it:
   * their attempts and results, the attempt in progress to finish, and no new start (decision 016).
   */
  async detail(userId: string, id: string) {
    const a = await this.authorized(userId, id, { ownAttempt: true });
    const view = await this.view(userId, a);
    if (!a.live && !view.attemptsUsed) throw notFound('Assessment');
    return view;
  }

  /** Every assessment of a course, for a learner entitled to it. */
  async byCourse(userId: string, courseId: string) {
    const course = await this.courses.course({ id: courseId });
    if (!(await this.courses.access(userId, course)).canAccess) throw noAccess();
    return this.views(userId, await repo.courseAssessmentIds(this.db, courseId));
  }

  /** The quiz after an episode the learner may watch (a teaser's: anyone logged in); empty when none. */
  async byEpisode(userId: string, episodeId: string) {
    const episode = await this.courses.watchableEpisode(userId, episodeId);
    return this.views(userId, await repo.courseAssessmentIds(this.db, episode.course_id, episodeId));
  }

  private async views(userId: string, ids: string[]) {
    const out: AssessmentDetail[] = [];
    for (const id of ids) {
      const a = await repo.findAssessment(this.db, id);
      if (a) out.push(await this.view(userId, a));
    }
    return out;
  }

  private async view(userId: string, a: repo.AssessmentRow): Promise<AssessmentDetail> {
    const [questions, attempts] = await Promise.all([this.questions(a), this.attempts(userId, a)]);
    return toDetail(a, questions, attempts);
  }

  /**
   * The learner's attempts of a test, newest first, read once; an open attempt whose time (and grace) is over
   * is graded first, with what was saved in time.
   */
  private async attempts(userId: string, a: repo.AssessmentRow) {
    const attempts = await repo.attemptsOf(this.db, userId, a.id);
    const open = attempts.find((t) => t.status === 'in_progress');
    if (!open || !overdue(open)) return attempts;
    const graded = await this.grade(a, open);
    return attempts.map((t) => (t.id === graded.id ? graded : t));
  }

  /**
   * The learner's answers as questionId → choice ids, checked against this test and the attempt they go to
   * (the questions its sheet asks: a pool's others are not its questions); 400 on anything else.
   */
  private async checkedAnswers(a: repo.AssessmentRow, answers: QuestionAnswer[], attempt?: repo.Attempt) {
    const questions = new Map((await this.questions(a)).map((q) => [q.id, q]));
    const out: Record<string, string[]> = {};
    answers.forEach((ans, i) => {
      const q = questions.get(ans.questionId);
      if (!q || (attempt && !attempt.questionOrder.includes(q.id))) {
        const message = q ? 'Not a question of this attempt' : 'Not a question of this test';
        throw new AppError('VALIDATION_ERROR', 400, message, [{ path: `answers.${i}.questionId`, message }]);
      }
      const picks = [...new Set(ans.choiceIds)];
      if (picks.some((id) => !q.choices.some((c) => c.id === id))) {
        throw new AppError('VALIDATION_ERROR', 400, 'Not a choice of this question', [
          { path: `answers.${i}.choiceIds`, message: 'Not a choice of this question' },
        ]);
      }
      if (q.kind !== 'multiple' && picks.length > 1) {
        throw new AppError('VALIDATION_ERROR', 400, 'This question takes one choice', [
          { path: `answers.${i}.choiceIds`, message: 'This question takes one choice' },
        ]);
      }
      out[q.id] = picks;
    });
    return out;
  }

  /**
   * `POST /assessment-response`: an empty save starts an attempt when none is open (within the limit; a
   * post-test once every episode is watched); answers are saved to the open attempt while its time lasts,
   * also once the test is no longer live (unpublished meanwhile: the learner may still finish it).
   */
  async respond(userId: string, body: { assessmentId: string; answers: QuestionAnswer[] }) {
    let a = await this.authorized(userId, body.assessmentId, { ownAttempt: true });
    let open = await repo.openAttempt(this.db, userId, a.id);
    if (!a.live && !open) throw notFound('Assessment');
    const answers = await this.checkedAnswers(a, body.answers, open);
    if (!open && Object.keys(answers).length) {
      // Only an empty save starts an attempt. Answers with none open belong to one that is over: submitted
      // from another tab, or graded once its time ran out; they must not start (and use up) a new attempt.
      const last = (await repo.attemptsOf(this.db, userId, a.id))[0];
      throw last && overdue(last) ? timeUp() : nothingOpen();
    }
    if (!open) {
      if (a.kind === 'post_test') {
        const done = await courseCompletion(this.db, userId, a.course_id);
        if (!done.episodesDone) {
          throw new AppError(
            'PREREQUISITE_NOT_MET',
            409,
            'The post-test opens once every episode of the course is watched',
          );
        }
      }
      for (let tries = 0; !open && tries < 3; tries++) {
        const started = await repo.startAttempt(this.db, {
          id: uuidv7(),
          assessmentId: a.id,
          userId,
          order: await this.sheet(userId, a),
          max: a.max_attempts,
          seconds: a.time_limit_seconds,
          passingScore: a.passing_score,
          version: a.version,
        });
        // Ours, or the one a simultaneous request started: either way the one open attempt.
        open = started ?? (await repo.openAttempt(this.db, userId, a.id));
        // No row and none open: an editor changed the questions since we read them (start on the new version),
        // a simultaneous start took our number and was already graded, or the limit (the next try gets no row
        // either, and the loop ends on the limit's 409: no count of the attempts of its own).
        if (!open && !started) a = await this.authorized(userId, a.id);
      }
      if (!open) throw limitReached();
    }
    if (!Object.keys(answers).length) {
      if (overdue(open)) throw timeUp();
      return toInProgress(open);
    }
    const saved = await repo.saveAnswers(this.db, open.id, answers, ANSWER_GRACE_SECONDS);
    if (!saved) {
      if (await repo.timeIsUp(this.db, open.id, ANSWER_GRACE_SECONDS)) throw timeUp();
      throw nothingOpen();
    }
    return toInProgress(saved);
  }

  /**
   * The questions of a new attempt: a pool's draw, in the attempt's own order when the test shuffles. Where the
   * pool allows it avoids what this learner has met: a post-test the questions of the course's pre-test, and
   * every retake the questions of the attempt before it most (so a retake is never the same sheet).
   */
  private async sheet(userId: string, a: repo.AssessmentRow) {
    const all = await this.questions(a);
    // Read for every start: a draw of every question (no pool) ignores them, two queries being all it costs.
    const [preTest, attempts] = await Promise.all([
      a.kind === 'post_test' ? repo.promptsMetInPreTest(this.db, userId, a.course_id) : undefined,
      repo.attemptsOf(this.db, userId, a.id),
    ]);
    const last = new Set(attempts[0]?.questionOrder);
    const avoid = [
      new Set(preTest?.map(promptKey)),
      new Set(all.filter((q) => last.has(q.id)).map((q) => promptKey(q.prompt))),
    ];
    return drawSheet(askedIn(undefined, all), {
      count: a.questions_per_attempt,
      shuffle: a.shuffle_questions,
      avoid,
    });
  }

  /**
   * `POST /assessment-result`: grades the open (or named) attempt once. An attempt already graded answers
   * its result again, so two tabs submitting together count one attempt. A test unpublished (or otherwise
   * no longer live) since the attempt started still takes it: it is graded and counted (decision 016).
   */
  async submit(
    userId: string,
    body: { assessmentId: string; attemptId?: string; answers?: QuestionAnswer[] },
  ): Promise<AssessmentResult> {
    const a = await this.authorized(userId, body.assessmentId, { ownAttempt: true });
    const target = body.attemptId
      ? await repo.attemptById(this.db, body.attemptId)
      : await repo.openAttempt(this.db, userId, a.id);
    const mine = target && target.userId === userId && target.assessmentId === a.id;
    if (!a.live && !mine) throw notFound('Assessment');
    if (body.attemptId && !mine) throw notFound('Attempt');
    if (!target) throw nothingOpen();
    if (target.status === 'submitted') return this.result(userId, a, target);
    // Answers sent with the submit are saved with the grade, in one statement, while the time lasts; a late
    // submit is graded with what was saved before the deadline.
    const sent = body.answers?.length ? await this.checkedAnswers(a, body.answers, target) : undefined;
    return this.result(userId, a, await this.grade(a, target, sent));
  }

  /**
   * Grades an attempt once. Optimistic: the grade is written only if the attempt is still in progress with
   * the very answers that were graded; an autosave or a second submit in between makes it read and try again
   * (a submitted attempt is answered as it is). `sent` answers are merged in first, unless the time is over.
   */
  private async grade(
    a: repo.AssessmentRow,
    attempt: repo.Attempt,
    sent?: Record<string, string[]>,
  ): Promise<repo.Attempt> {
    // Graded on the terms it started with: the questions it asked (one added or retired meanwhile changes
    // nothing for it) and the pass mark it was started under (its time limit is its deadline, kept too).
    const questions = askedIn(attempt, await this.questions(a));
    const passingScore = attempt.passingScore ?? a.passing_score;
    let row = attempt;
    // Ten writes in a row refused by other requests' writes: give up (a 500) rather than hold the request.
    for (let tries = 0; tries < 10; tries++) {
      if (row.status === 'submitted') return row;
      const answers = sent ? { ...row.answers, ...sent } : row.answers;
      const g = gradeAttempt(questions, answers, passingScore);
      const done = await repo.finishAttempt(
        this.db,
        { id: row.id, answers },
        {
          pointsEarned: g.pointsEarned,
          pointsTotal: g.pointsTotal,
          score: g.score,
          passed: g.passed && gradesPass(a.kind, passingScore),
          grading: g.grades,
        },
        { graceSeconds: ANSWER_GRACE_SECONDS, saving: sent ? { before: row.answers } : undefined },
      );
      if (done) return done;
      // Refused: another request wrote first (read the attempt again: submitted, or to grade again; an attempt is
      // never deleted under a request), or the time is over: grade what was saved in time, not the answers sent.
      row = (await repo.attemptById(this.db, attempt.id))!;
      if (await repo.timeIsUp(this.db, attempt.id, ANSWER_GRACE_SECONDS)) sent = undefined;
    }
    throw notGraded(attempt.id);
  }

  /**
   * `GET /assessment-result?assessmentId=`: the learner's graded attempts, newest first; also of a test no
   * longer live, to a learner who has attempts of it (decision 016).
   */
  async results(userId: string, assessmentId: string) {
    const a = await this.authorized(userId, assessmentId, { ownAttempt: true });
    const [attempts, questions] = await Promise.all([this.attempts(userId, a), this.questions(a)]);
    if (!a.live && !attempts.length) throw notFound('Assessment');
    return attempts.filter((t) => t.status === 'submitted').map((t) => toResult(a, questions, t, attempts));
  }

  private async result(userId: string, a: repo.AssessmentRow, attempt: repo.Attempt) {
    const [questions, attempts] = await Promise.all([
      this.questions(a),
      repo.attemptsOf(this.db, userId, a.id),
    ]);
    return toResult(a, questions, attempt, attempts);
  }

  /** The course's assessments with this learner's attempts: quizzes by episode, the pre- and post-test. */
  summaries(userId: string, courseId: string) {
    return repo.summaries(this.db, userId, courseId);
  }
}
