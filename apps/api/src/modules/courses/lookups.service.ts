import type { CategoryInput, InstructorInput, LookupQuery } from '@rianroo/contract';
import { inTransaction, type Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './lookups.repo.js';

const taken = (err: unknown) =>
  isUniqueViolation(err)
    ? new AppError('ALREADY_EXISTS', 409, 'This slug is taken', [
        { path: 'slug', message: 'This slug is taken' },
      ])
    : err;

export interface LookupsDeps {
  db: Db;
}

/** Categories and instructors a course is filed under; created from the course form. */
export class LookupsService {
  constructor(private readonly deps: LookupsDeps) {}

  categories = (q: LookupQuery) => repo.listCategories(this.deps.db, q);
  instructors = (q: LookupQuery) => repo.listInstructors(this.deps.db, q);

  async addCategory(actorId: string, input: CategoryInput) {
    return inTransaction(this.deps.db, async (c) => {
      const after = await repo.insertCategory(c, input);
      await recordAudit(c, {
        actorId,
        action: 'category.create',
        entity: 'category',
        entityId: after.id,
        before: null,
        after,
      });
      return after;
    }).catch((err: unknown) => Promise.reject(taken(err)));
  }

  async addInstructor(actorId: string, input: InstructorInput) {
    return inTransaction(this.deps.db, async (c) => {
      const after = await repo.insertInstructor(c, input);
      await recordAudit(c, {
        actorId,
        action: 'instructor.create',
        entity: 'instructor',
        entityId: after.id,
        before: null,
        after,
      });
      return after;
    }).catch((err: unknown) => Promise.reject(taken(err)));
  }
}
