import type { ManagedOrganization, OrgOverview } from '@rianroo/contract';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import * as repo from './org-console.repo.js';
import { seatPool as seatPoolOf } from './org-seats.repo.js';

/** What the console uses. */
export interface OrgConsoleDeps {
  db: Db;
}

/**
 * The organisation manager's console (/org): managers see only their organisation, and only learning data
 * (never receipts, never another organisation; contact details only where the organisation requires them).
 */
export class OrgConsoleService {
  constructor(private readonly deps: OrgConsoleDeps) {}

  managed(userId: string): Promise<ManagedOrganization[]> {
    return repo.managedBy(this.deps.db.$client, userId);
  }

  /**
   * The console's one gate, before anything of the request is read: 403 for a user who manages no organisation,
   * 404 for a manager of another one (the organisation's existence is not revealed to them).
   */
  async requireManager(userId: string, orgId: string) {
    const managed = await this.managed(userId);
    if (!managed.length) throw forbidden('Organisation managers only');
    if (!managed.some((o) => o.id === orgId.toLowerCase())) throw notFound('Organisation');
  }

  async overview(orgId: string): Promise<OrgOverview> {
    const db = this.deps.db.$client;
    const [found, seatPool] = await Promise.all([repo.overview(db, orgId), seatPoolOf(db, orgId)]);
    if (!found) throw notFound('Organisation');
    return { ...found, seatPool };
  }
}
