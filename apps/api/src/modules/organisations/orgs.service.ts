import type {
  AdminMemberQuery,
  AdminOrganization,
  AdminOrganizationDetail,
  AdminOrganizationQuery,
  OrganizationBody,
  OrganizationCoursesBody,
  OrganizationUpdateBody,
} from '@rianroo/contract';
import type { TxClient } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { auditedWrite, type AuditedChange } from '../audit/index.js';
import * as repo from './orgs.repo.js';
import { sameVersion, valueTaken } from '../../db/versioned.js';
import type { Db } from '../../db/client.js';

const fields = (b: OrganizationBody): repo.OrganizationFields => ({
  name: b.name,
  requiresContact: b.requiresContact,
  inviteCode: b.inviteCode || null,
  ssoProvider: b.ssoProvider || null,
  emailDomains: [...new Set(b.emailDomains)],
});

/** Refuses keys another organisation holds: its invite code, its sign-in provider, any of its domains. */
async function refuseTaken(c: TxClient, f: repo.OrganizationFields, exceptId: string | null) {
  await repo.lockKeys(c);
  const taken = await repo.takenKeys(c, f, exceptId);
  if (taken.invite) throw valueTaken('inviteCode', 'Another organisation has this invite code');
  if (taken.sso) throw valueTaken('ssoProvider', 'Another organisation signs in with this provider');
  const domain = f.emailDomains.findIndex((d) => taken.domains.includes(d));
  if (domain >= 0)
    throw valueTaken(`emailDomains.${domain}`, `Another organisation has ${f.emailDomains[domain]}`);
}

/** What the service uses. */
export interface OrgsDeps {
  db: Db;
}

/** Organisations in the console: their keys, members, granted and picked courses. Every write audited. */
export class OrgsService {
  constructor(private readonly deps: OrgsDeps) {}

  list(q: AdminOrganizationQuery) {
    return repo.listOrganizations(this.deps.db.$client, q);
  }

  async detail(id: string): Promise<AdminOrganizationDetail> {
    const db = this.deps.db.$client;
    const [org, courses] = await Promise.all([repo.organization(db, id), repo.organizationCourses(db, id)]);
    if (!org) throw notFound('Organisation');
    return { ...org, ...courses };
  }

  async create(actorId: string, body: OrganizationBody) {
    const id = uuidv7();
    const f = fields(body);
    await this.write(actorId, 'organization.create', {
      id: null,
      change: async (c) => {
        await refuseTaken(c, f, null);
        await repo.insertOrganization(c, id, f);
        return id;
      },
    });
    return this.detail(id);
  }

  /** Edits an organisation; refused (EDIT_CONFLICT) when another edit came first since `version` was read. */
  async update(actorId: string, id: string, body: OrganizationUpdateBody) {
    const f = fields(body);
    await this.write(actorId, 'organization.update', {
      id,
      change: async (c, before) => {
        sameVersion(before, body.version, 'Organisation');
        await refuseTaken(c, f, id);
        await repo.updateOrganization(c, id, f);
      },
    });
    return this.detail(id);
  }

  /**
   * An audited write of an organisation's own fields, under the lock of the organisations' keys (taken before
   * its row's); records the fields an edit sets.
   */
  private write(actorId: string, action: string, row: AuditedChange<AdminOrganization>) {
    return auditedWrite(this.deps.db, {
      actorId,
      action,
      entity: 'organization',
      what: 'Organisation',
      lock: (c) => repo.lockKeys(c),
      read: repo.organization,
      record: repo.auditFields,
      ...row,
    });
  }

  /** Replaces the granted and picked courses (each list in its order); an unknown course is refused. */
  async setCourses(actorId: string, id: string, body: OrganizationCoursesBody) {
    const grants = [...new Set(body.grants)];
    const picks = [...new Set(body.picks)];
    await auditedWrite(this.deps.db, {
      actorId,
      action: 'organization.courses',
      entity: 'organization',
      what: 'Organisation',
      id,
      read: repo.organizationCourseIds,
      change: async (c) => {
        const unknown = await repo.unknownCourses(c, [...grants, ...picks]);
        if (unknown.length)
          throw new AppError(
            'VALIDATION_ERROR',
            400,
            'No such course',
            unknown.map((u) => ({
              path: grants.includes(u) ? `grants.${grants.indexOf(u)}` : `picks.${picks.indexOf(u)}`,
              message: 'No such course',
            })),
          );
        await repo.replaceCourses(c, id, grants, picks);
      },
    });
    return this.detail(id);
  }

  courseOptions() {
    return repo.courseOptions(this.deps.db.$client);
  }

  async members(id: string, q: AdminMemberQuery) {
    if (!(await repo.organization(this.deps.db.$client, id))) throw notFound('Organisation');
    return repo.listMembers(this.deps.db.$client, id, q);
  }

  /**
   * Puts the user of an e-mail address into the organisation (out of any other). Recorded under the
   * organisation; nothing is recorded when they are in it already.
   */
  async addMember(actorId: string, id: string, email: string) {
    if (!(await repo.organization(this.deps.db.$client, id))) throw notFound('Organisation');
    await auditedWrite(this.deps.db, {
      actorId,
      action: 'organization.member.add',
      entity: 'organization',
      entityId: id,
      what: 'User',
      id: email,
      read: repo.membershipByEmail,
      change: async (c, user) => {
        if (user.organizationId === id) return 'unchanged';
        await repo.setOrganization(c, user.userId, id);
      },
    });
  }

  /** Takes a member out of the organisation (recorded under it); one who is not in it is 404. */
  async removeMember(actorId: string, id: string, userId: string) {
    await auditedWrite(this.deps.db, {
      actorId,
      action: 'organization.member.remove',
      entity: 'organization',
      entityId: id,
      what: 'Member',
      id: userId,
      read: repo.membership,
      change: async (c, user) => {
        if (user.organizationId !== id) throw notFound('Member');
        await repo.removeMember(c, id, userId);
      },
    });
  }
}
