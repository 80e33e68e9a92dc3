import type { AdminApplicationBody, AdminApplicationQuery } from '@rianroo/contract';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './applications.repo.js';
import { recordAudit } from '../audit/index.js';

/** "Teach with us" applications in the console: read, and marked handled with a note (audited). */
export class ApplicationsService {
  constructor(private readonly app: Pick<FastifyInstance, 'db'>) {}

  list(q: AdminApplicationQuery) {
    return repo.listApplications(this.app.db.$client, q);
  }

  async read(id: string) {
    const found = await repo.application(this.app.db.$client, id);
    if (!found) throw notFound('Application');
    return found;
  }

  async mark(actorId: string, id: string, { status, note }: AdminApplicationBody) {
    await inTransaction(this.app.db, async (c) => {
      const before = await repo.application(c, id, true);
      if (!before) throw notFound('Application');
      await repo.mark(c, id, actorId, status, note);
      await recordAudit(c, {
        actorId,
        action: 'application.mark',
        entity: 'instructor_application',
        entityId: id,
        before: { status: before.status, note: before.note },
        after: { status, note: note || null },
      });
    });
    return this.read(id);
  }
}
