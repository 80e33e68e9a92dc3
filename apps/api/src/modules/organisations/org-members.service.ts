import type { OrgMemberQuery, OrgSettings, OrgSettingsBody } from '@rianroo/contract';
import { inTransaction, type Db, type TxClient } from '../../db/client.js';
import { valueTaken } from '../../db/versioned.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as managersRepo from './org-managers.repo.js';
import * as repo from './org-members.repo.js';
import * as orgs from './orgs.repo.js';

/** What the service uses. */
export interface OrgMembersDeps {
  db: Db;
}

const lastManager = () => new AppError('LAST_MANAGER', 409, 'An organisation keeps at least one manager');

/**
 * The console's members, managers and settings. Callers are past the /api/org/:orgId gate (a manager of this
 * organisation); every read and write is bounded by the organisation in the path. Writes are recorded in the
 * audit log with the manager (or administrator) who made them, in the same transaction.
 */
export class OrgMembersService {
  constructor(private readonly deps: OrgMembersDeps) {}

  private get db() {
    return this.deps.db.$client;
  }

  private async organisation(orgId: string) {
    const found = await repo.settings(this.db, orgId);
    if (!found) throw notFound('Organisation');
    return found;
  }

  async members(orgId: string, q: OrgMemberQuery) {
    const { requiresContact } = await this.organisation(orgId);
    return repo.memberPage(this.db, orgId, q, requiresContact);
  }

  /** Takes a member out (as the administrator's removal: no automatic join puts them back). 404 if not in it. */
  async removeMember(actorId: string, orgId: string, userId: string) {
    await inTransaction(this.deps.db, async (c) => {
      if (!(await orgs.removeMember(c, orgId, userId))) throw notFound('Member');
      await repo.dropOrganisationLearning(c, orgId, userId);
      await audit(c, actorId, 'organization.member.remove', orgId, { userId, organizationId: orgId }, null);
    });
  }

  managers(orgId: string) {
    return managersRepo.managers(this.db, orgId);
  }

  /**
   * Removes a manager (themselves included) unless they are the last one: the organisation's row is locked
   * first, so two managers removing each other at once cannot both succeed.
   */
  async removeManager(actorId: string, orgId: string, userId: string) {
    await inTransaction(this.deps.db, async (c) => {
      if (!(await managersRepo.lockOrganisation(c, orgId))) throw notFound('Organisation');
      const count = await managersRepo.managerCount(c, orgId);
      if (!(await managersRepo.removeManager(c, orgId, userId))) throw notFound('Manager');
      if (count <= 1) throw lastManager();
      await audit(c, actorId, 'organization.manager.remove', orgId, { userId }, null);
    });
    return this.managers(orgId);
  }

  /** An administrator makes the user of an e-mail address a manager (recorded once; again is no change). */
  async addManagerByEmail(actorId: string, orgId: string, email: string) {
    await inTransaction(this.deps.db, async (c) => {
      if (!(await managersRepo.lockOrganisation(c, orgId))) throw notFound('Organisation');
      const user = await managersRepo.userByEmail(c, email);
      if (!user) throw notFound('User');
      if (await managersRepo.addManager(c, orgId, user.id, actorId))
        await audit(c, actorId, 'organization.manager.add', orgId, null, { userId: user.id });
    });
    return this.managers(orgId);
  }

  async settings(orgId: string): Promise<OrgSettings> {
    return this.organisation(orgId);
  }

  /**
   * Sets the e-mail domains and the partner sign-in, refusing (409 VALUE_TAKEN) any another organisation
   * holds, under the lock the administrator's edits take, so two organisations cannot claim one key at once.
   */
  async updateSettings(actorId: string, orgId: string, body: OrgSettingsBody): Promise<OrgSettings> {
    const domains = [...new Set(body.emailDomains)];
    const sso = body.ssoProvider || null;
    await inTransaction(this.deps.db, async (c) => {
      await orgs.lockKeys(c);
      const before = await repo.settings(c, orgId, true);
      if (!before) throw notFound('Organisation');
      const taken = await orgs.takenKeys(
        c,
        { name: '', requiresContact: false, inviteCode: null, ssoProvider: sso, emailDomains: domains },
        orgId,
      );
      if (taken.sso) throw valueTaken('ssoProvider', 'Another organisation signs in with this provider');
      const i = domains.findIndex((d) => taken.domains.includes(d));
      if (i >= 0) throw valueTaken(`emailDomains.${i}`, `Another organisation has ${domains[i]}`);
      await repo.updateSettings(c, orgId, domains, sso);
      await audit(c, actorId, 'organization.settings', orgId, before, {
        emailDomains: domains,
        ssoProvider: sso,
      });
    });
    return this.organisation(orgId);
  }

  completions(orgId: string) {
    return repo.completionsByMonth(this.db, orgId);
  }
}

function audit(c: TxClient, actorId: string, action: string, orgId: string, before: unknown, after: unknown) {
  return recordAudit(c, { actorId, action, entity: 'organization', entityId: orgId, before, after });
}
