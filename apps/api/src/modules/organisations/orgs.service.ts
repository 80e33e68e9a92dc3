import type {
  AdminMemberQuery,
  AdminOrganization,
  AdminOrganizationDetail,
  AdminOrganizationQuery,
  OrganizationBody,
  OrganizationCoursesBody,
  OrganizationSeatsBody,
  OrganizationUpdateBody,
} from '@rianroo/contract';
import type { TxClient } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { auditedWrite, type AuditedChange } from '../audit/index.js';
import * as repo from './orgs.repo.js';
import * as seats from './org-seats.repo.js';
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
    const [org, courses, seatPool] = await Promise.all([
      repo.organization(db, id),
      repo.organizationCourses(db, id),
      seats.seatPool(db, id),
    ]);
    if (!org) throw notFound('Organisation');
    return { ...org, ...courses, seatPool };
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

  /**
   * Grants the organisation seats for a plan until a date, in place of the last grant (a contract signed outside
   * the platform); members waiting for a seat take the new ones at once. Fewer seats than members hold now is
   * refused (SEATS_BELOW_TAKEN): an administrator removes members first, nobody loses a seat silently.
   */
  async setSeats(actorId: string, id: string, body: OrganizationSeatsBody) {
    await this.seatsWrite(actorId, id, 'organization.seats', async (c) => {
      const problem = await seats.seatGrantProblem(c, body);
      if (problem) throw new AppError('VALIDATION_ERROR', 400, problem.message, [problem]);
      const held = await seats.grantSeats(c, id, actorId, body);
      if (held > body.seats)
        throw new AppError('SEATS_BELOW_TAKEN', 409, `Members hold ${held} seats: remove members first`);
    });
    return this.detail(id);
  }

  /** Ends the organisation's seats now; every seat is given back (nothing recorded when it had none). */
  async endSeats(actorId: string, id: string) {
    await this.seatsWrite(actorId, id, 'organization.seats_end', async (c) =>
      (await seats.endSeats(c, id)) ? undefined : 'unchanged',
    );
    return this.detail(id);
  }

  /**
   * An audited change of the organisation's seats, under its row's lock (the lock every change of membership
   * takes before seats are given, organization_seats_follow): the grant is recorded before and after.
   */
  private seatsWrite(
    actorId: string,
    id: string,
    action: string,
    change: (c: TxClient) => Promise<void | 'unchanged'>,
  ) {
    return auditedWrite(this.deps.db, {
      actorId,
      action,
      entity: 'organization',
      what: 'Organisation',
      id,
      read: async (c, orgId, lock) =>
        (await repo.organization(c, orgId, lock)) && { seats: await seats.seatGrant(c, orgId) },
      change: (c) => change(c),
    });
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
