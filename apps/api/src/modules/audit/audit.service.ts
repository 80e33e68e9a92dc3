import type { AuditQuery } from '@rianroo/contract';
import type { Db } from '../../db/client.js';
import { auditFacets, listAudit } from './audit.repo.js';

export class AuditService {
  constructor(private readonly db: Db) {}

  list(query: AuditQuery) {
    return listAudit(this.db, query);
  }

  facets() {
    return auditFacets(this.db);
  }
}
