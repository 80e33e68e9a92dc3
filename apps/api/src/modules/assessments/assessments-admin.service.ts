import type {
  AdminAssessment,
  AdminQuestion,
  AssessmentCreate,
  AssessmentUpdate,
  QuestionInput,
} from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { auditedWrite, type AuditedChange } from '../audit/index.js';
import { sameVersion } from '../../db/versioned.js';
import * as repo from './assessments-admin.repo.js';
import * as w from './assessments-admin.write.js';

const answered = (what: string) =>
  new AppError(
    'QUESTION_ANSWERED',
    409,
    `Learners have answered this question: ${what}. Retire it and add a new one instead`,
  );

/**
 * Quizzes, pre-tests and post-tests for administrators. Every write holds the assessment's row lock, moves its
 * version on (learners start attempts only on the version they read, so an edit and a start take turns) and
 * records the assessment before and after in the audit log, in one transaction.
 *
 * Learners' attempts keep the ids of the questions they were shown, their picks by choice id, and their
 * grade per question. So a question that has been shown is never deleted and its grading never changes
 * under them: its kind, points, choices and right answers are frozen, its wording may be corrected, and it
 * can be retired (left out of new attempts, still in old results). A fresh question is the honest way to
 * change what is right: old grades stay as they were given, new attempts get the new question.
 */
/** A choice named by id that is not one of the question's own (another question's, or none at all). */
const notAChoice = () =>
  new AppError('VALIDATION_ERROR', 400, 'A choice given is not a choice of this question', [
    { path: 'choices', message: 'Not a choice of this question' },
  ]);

export interface AssessmentsAdminDeps {
  db: Db;
}

export class AssessmentsAdminService {
  constructor(private readonly deps: AssessmentsAdminDeps) {}

  async byCourse(courseId: string) {
    const { rows } = await this.deps.db.$client.query(`select 1 from courses where id = $1`, [courseId]);
    if (!rows[0]) throw notFound('Course');
    return { items: await repo.courseAssessments(this.deps.db.$client, courseId) };
  }

  async get(id: string) {
    const a = await repo.findAdminAssessment(this.deps.db.$client, id);
    if (!a) throw notFound('Assessment');
    return a;
  }

  async create(actorId: string, courseId: string, input: AssessmentCreate) {
    try {
      return await this.audited(actorId, 'assessment.create', {
        id: null,
        change: async (c) => {
          const { rows } = await c.query(`select 1 from courses where id = $1 for update`, [courseId]);
          if (!rows[0]) throw notFound('Course');
          if (input.episodeId && (await repo.courseOfEpisode(c, input.episodeId)) !== courseId)
            throw notFound('Episode');
          return w.insertAssessment(c, courseId, input);
        },
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError('ALREADY_EXISTS', 409, 'This episode or course already has this test');
      throw err;
    }
  }

  /**
   * Edits the settings. Refused (409 EDIT_CONFLICT) when another edit of them came first since `version` was
   * read: checked under the assessment's lock, so of two edits based on one read the second fails.
   */
  update(actorId: string, id: string, { version, ...input }: AssessmentUpdate) {
    return this.write(actorId, id, 'assessment.update', async (c, before) => {
      sameVersion(before, version, 'Assessment');
      await w.updateAssessment(c, id, input);
    });
  }

  /** Only a test nobody has started: attempts, grades and certificates rest on it. Unpublish it instead. */
  async remove(actorId: string, id: string) {
    await this.audited(actorId, 'assessment.delete', {
      id,
      change: async (c, before) => {
        if (before.attemptCount)
          throw new AppError(
            'QUESTION_ANSWERED',
            409,
            'Learners have taken this test: unpublish it instead of deleting it',
          );
        await w.deleteAssessment(c, id);
        return null;
      },
    });
  }

  addQuestion(actorId: string, assessmentId: string, q: QuestionInput) {
    return this.write(actorId, assessmentId, 'question.create', async (c) => {
      // A new question's choices get their ids here: an id given can only be another question's choice.
      if (q.choices.some((ch) => ch.id)) throw notAChoice();
      await w.insertQuestion(c, assessmentId, q);
    });
  }

  async updateQuestion(actorId: string, questionId: string, q: QuestionInput) {
    return this.write(actorId, await this.assessmentOf(questionId), 'question.update', async (c, before) => {
      const now = question(before, questionId);
      const given = q.choices.flatMap((ch) => (ch.id ? [ch.id] : []));
      if (given.some((id) => !now.choices.some((ch) => ch.id === id))) throw notAChoice();
      if (now.answered) {
        if (q.kind !== now.kind) throw answered('its kind cannot change');
        if (q.points !== now.points) throw answered('its points cannot change');
        const same =
          q.choices.length === now.choices.length &&
          q.choices.every((ch) => {
            const old = now.choices.find((x) => x.id === ch.id);
            return old && old.correct === ch.correct;
          });
        if (!same) throw answered('its choices and right answers cannot change');
      }
      await w.updateQuestion(c, questionId, q);
    });
  }

  async removeQuestion(actorId: string, questionId: string) {
    return this.write(actorId, await this.assessmentOf(questionId), 'question.delete', async (c, before) => {
      if (question(before, questionId).answered) throw answered('it cannot be deleted');
      await w.deleteQuestion(c, questionId, before.id);
    });
  }

  async retireQuestion(actorId: string, questionId: string, retired: boolean) {
    const action = retired ? 'question.retire' : 'question.restore';
    return this.write(actorId, await this.assessmentOf(questionId), action, async (c, before) => {
      question(before, questionId);
      await w.retireQuestion(c, questionId, retired);
    });
  }

  /** The questions in a new order; refused when the list is not exactly the assessment's questions now. */
  order(actorId: string, assessmentId: string, ids: string[]) {
    return this.write(actorId, assessmentId, 'assessment.order', async (c, before) => {
      const now = before.questions.map((q) => q.id);
      if (ids.length !== now.length || new Set(ids).size !== ids.length || !ids.every((i) => now.includes(i)))
        throw new AppError('STALE_EDIT', 409, 'The questions changed meanwhile; reload and order them again');
      await w.orderQuestions(c, assessmentId, ids);
    });
  }

  /** Runs `change` on a locked assessment, moves its version on and audits it; answers it after. */
  private write(
    actorId: string,
    id: string,
    action: string,
    change: (c: TxClient, before: AdminAssessment) => Promise<void>,
  ): Promise<AdminAssessment> {
    return this.audited(actorId, action, {
      id,
      change: async (c, before) => {
        await change(c, before);
        await w.bumpVersion(c, id);
      },
    });
  }

  /** An audited write of an assessment (its row locked while it runs); answers it after. */
  private audited(actorId: string, action: string, row: AuditedChange<AdminAssessment>) {
    return auditedWrite(this.deps.db, {
      actorId,
      action,
      entity: 'assessment',
      what: 'Assessment',
      read: repo.findAdminAssessment,
      ...row,
    });
  }

  private async assessmentOf(questionId: string) {
    const id = await repo.assessmentOfQuestion(this.deps.db.$client, questionId);
    if (!id) throw notFound('Question');
    return id;
  }
}

function question(a: AdminAssessment, id: string): AdminQuestion {
  const q = a.questions.find((x) => x.id === id);
  // Deleted (or moved) between reading its assessment and taking the lock.
  if (!q) throw notFound('Question');
  return q;
}
