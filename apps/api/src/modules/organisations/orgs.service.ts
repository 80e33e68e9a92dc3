import type {
  AdminMemberQuery,
  AdminOrganizationDetail,
  AdminOrganizationQuery,
  OrganizationBody,
  OrganizationCoursesBody,
  OrganizationUpdateBody,
} from '@rianroo/contract';
import type { FastifyInstance } from 'fastify';
import { inTransaction, type TxClient } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './orgs.repo.js';
import { sameVersion, valueTaken } from '../../db/versioned.js';

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

/** Organisations in the console: their keys, members, granted and picked courses. Every write audited. */
export class OrgsService {
  constructor(private readonly app: Pick<FastifyInstance, 'db'>) {}

  list(q: AdminOrganizationQuery) {
    return repo.listOrganizations(this.app.db.$client, q);
  }

  async detail(id: string): Promise<AdminOrganizationDetail> {
    const db = this.app.db.$client;
    const [org, courses] = await Promise.all([repo.organization(db, id), repo.organizationCourses(db, id)]);
    if (!org) throw notFound('Organisation');
    return { ...org, ...courses };
  }

  async create(actorId: string, body: OrganizationBody) {
    const id = uuidv7();
    await inTransaction(this.app.db, async (c) => {
      const f = fields(body);
      await refuseTaken(c, f, null);
      await repo.insertOrganization(c, id, f);
      await recordAudit(c, {
        actorId,
        action: 'organization.create',
        entity: 'organization',
        entityId: id,
        before: null,
        after: f,
      });
    });
    return this.detail(id);
  }

  /** Edits an organisation; refused (EDIT_CONFLICT) when another edit came first since `version` was read. */
  async update(actorId: string, id: string, body: OrganizationUpdateBody) {
    await inTransaction(this.app.db, async (c) => {
      const f = fields(body);
      await repo.lockKeys(c);
      const before = sameVersion(await repo.organization(c, id, true), body.version, 'Organisation');
      await refuseTaken(c, f, id);
      await repo.updateOrganization(c, id, f);
      await recordAudit(c, {
        actorId,
        action: 'organization.update',
        entity: 'organization',
        entityId: id,
        before: repo.auditFields(before),
        after: f,
      });
    });
    return this.detail(id);
  }

  /** Replaces the granted and picked courses (each list in its order); an unknown course is refused. */
  async setCourses(actorId: string, id: string, body: OrganizationCoursesBody) {
    const grants = [...new Set(body.grants)];
    const picks = [...new Set(body.picks)];
    await inTransaction(this.app.db, async (c) => {
      if (!(await repo.organization(c, id, true))) throw notFound('Organisation');
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
      const before = await repo.organizationCourses(c, id);
      await repo.replaceCourses(c, id, grants, picks);
      await recordAudit(c, {
        actorId,
        action: 'organization.courses',
        entity: 'organization',
        entityId: id,
        before: { grants: before.grants.map((g) => g.id), picks: before.picks.map((p) => p.id) },
        after: { grants, picks },
      });
    });
    return this.detail(id);
  }

  courseOptions() {
    return repo.courseOptions(this.app.db.$client);
  }

  async members(id: string, q: AdminMemberQuery) {
    if (!(await repo.organization(this.app.db.$client, id))) throw notFound('Organisation');
    return repo.listMembers(this.app.db.$client, id, q);
  }

  /** Puts the user of an e-mail address into the organisation (out of any other). */
  async addMember(actorId: string, id: string, email: string) {
    await inTransaction(this.app.db, async (c) => {
      if (!(await repo.organization(c, id))) throw notFound('Organisation');
      const user = await repo.lockUserByEmail(c, email);
      if (!user) throw notFound('User');
      if (user.organization_id === id) return;
      await repo.setOrganization(c, user.id, id);
      await recordAudit(c, {
        actorId,
        action: 'organization.member.add',
        entity: 'organization',
        entityId: id,
        before: { userId: user.id, organizationId: user.organization_id },
        after: { userId: user.id, organizationId: id },
      });
    });
  }

  async removeMember(actorId: string, id: string, userId: string) {
    await inTransaction(this.app.db, async (c) => {
      if (!(await repo.removeMember(c, id, userId))) throw notFound('Member');
      await recordAudit(c, {
        actorId,
        action: 'organization.member.remove',
        entity: 'organization',
        entityId: id,
        before: { userId, organizationId: id },
        after: { userId, organizationId: null },
      });
    });
  }
}
