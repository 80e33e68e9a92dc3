import type { AdminApplicationBody, AdminApplicationQuery } from '@rianroo/contract';
import { notFound } from '../../lib/errors.js';
import * as repo from './applications.repo.js';
import { auditedWrite } from '../audit/index.js';
import type { Db } from '../../db/client.js';

/** What the service uses. */
export interface ApplicationsDeps {
  db: Db;
}

/** "Teach with us" applications in the console: read, and marked handled with a note (audited). */
export class ApplicationsService {
  constructor(private readonly deps: ApplicationsDeps) {}

  list(q: AdminApplicationQuery) {
    return repo.listApplications(this.deps.db.$client, q);
  }

  async read(id: string) {
    const found = await repo.application(this.deps.db.$client, id);
    if (!found) throw notFound('Application');
    return found;
  }

  /** Marks it (audited: its status and note before and after); answers it after. */
  mark(actorId: string, id: string, { status, note }: AdminApplicationBody) {
    return auditedWrite(this.deps.db, {
      actorId,
      action: 'application.mark',
      entity: 'instructor_application',
      what: 'Application',
      id,
      read: repo.application,
      record: (a) => ({ status: a.status, note: a.note }),
      change: (c) => repo.mark(c, id, actorId, status, note),
    });
  }
}
