import type { AdminEvaluationQuestion, EvaluationQuestionInput } from '@rianroo/contract';
import { inTransaction, type Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { auditedWrite, recordAudit, type AuditedChange } from '../audit/index.js';
import * as repo from './evaluations-admin.repo.js';

const answered = (what: string) =>
  new AppError('QUESTION_ANSWERED', 409, `Learners have answered this question: ${what}`);

export interface EvaluationsAdminDeps {
  db: Db;
}

/**
 * The course evaluation form (one list, asked after any course). Learners' evaluations keep their answers by
 * question id and choice id, so an answered question keeps its kind and every choice it had (wording may be
 * corrected, choices added); it is made inactive rather than deleted. Every write is audited in its
 * transaction.
 */
export class EvaluationsAdminService {
  constructor(private readonly deps: EvaluationsAdminDeps) {}

  async list() {
    return { items: await repo.evaluationQuestions(this.deps.db.$client) };
  }

  create(actorId: string, q: EvaluationQuestionInput) {
    return this.write(actorId, 'evaluation_question.create', {
      id: null,
      change: (c) => repo.insertEvaluationQuestion(c, q),
    });
  }

  update(actorId: string, id: string, q: EvaluationQuestionInput) {
    return this.write(actorId, 'evaluation_question.update', {
      id,
      change: async (c, before) => {
        const known = new Set(before.choices.map((ch) => ch.id));
        if (q.choices.some((ch) => ch.id && !known.has(ch.id)))
          throw new AppError('VALIDATION_ERROR', 400, 'A choice given is not a choice of this question', [
            { path: 'choices', message: 'Not a choice of this question' },
          ]);
        if (before.answered) {
          if (q.kind !== before.kind) throw answered('its kind cannot change');
          const kept = new Set(q.choices.flatMap((ch) => (ch.id ? [ch.id] : [])));
          if ([...known].some((id) => !kept.has(id))) throw answered('its choices cannot be removed');
        }
        await repo.updateEvaluationQuestion(c, id, q);
      },
    });
  }

  async remove(actorId: string, id: string) {
    await this.write(actorId, 'evaluation_question.delete', {
      id,
      change: async (c, before) => {
        if (before.answered) throw answered('make it inactive instead of deleting it');
        await repo.deleteEvaluationQuestion(c, id);
        return null;
      },
    });
  }

  /** Every question once, in the new order; 409 STALE_EDIT when the list changed meanwhile. */
  async order(actorId: string, ids: string[]) {
    return inTransaction(this.deps.db, async (c) => {
      await repo.lockForm(c);
      const before = await repo.evaluationQuestions(c);
      const now = before.map((q) => q.id);
      if (ids.length !== now.length || new Set(ids).size !== ids.length || !ids.every((i) => now.includes(i)))
        throw new AppError('STALE_EDIT', 409, 'The questions changed meanwhile; reload and order them again');
      await repo.orderEvaluationQuestions(c, ids);
      const after = await repo.evaluationQuestions(c);
      await recordAudit(c, {
        actorId,
        action: 'evaluation_question.order',
        entity: 'evaluation_form',
        entityId: 'evaluation_form',
        before: now,
        after: ids,
      });
      return { items: after };
    });
  }

  /** Runs a change under the form's lock and audits the question before and after; answers the list. */
  private write(actorId: string, action: string, row: AuditedChange<AdminEvaluationQuestion>) {
    return auditedWrite(this.deps.db, {
      actorId,
      action,
      entity: 'evaluation_question',
      what: 'Question',
      lock: (c) => repo.lockForm(c),
      read: (c, id) => repo.evaluationQuestion(c, id),
      answer: async (c) => ({ items: await repo.evaluationQuestions(c) }),
      ...row,
    });
  }
}
