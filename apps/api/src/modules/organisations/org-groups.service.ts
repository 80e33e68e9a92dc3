import type { OrgGroup, OrgPerson } from '@rianroo/contract';
import { inTransaction, type Db, type TxClient } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { likeTerm } from '../../db/like.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './org-groups.repo.js';

const toGroup = (g: repo.GroupRow): OrgGroup => ({
  id: g.id,
  name: g.name,
  memberCount: g.member_count,
  createdAt: g.created_at.toISOString(),
});

const nameTaken = () =>
  new AppError('VALUE_TAKEN', 409, 'A group of this name exists', [
    { path: 'name', message: 'A group of this name exists' },
  ]);

/**
 * Groups of an organisation's members (a ward, a class), managed from the console. Only the organisation's own
 * live members can be put in a group: any other user id is answered 404 like an unknown one, so a manager learns
 * nothing of other organisations' learners. Every change is recorded in the audit log with the manager as actor.
 */
export class OrgGroupsService {
  constructor(private readonly deps: { db: Db }) {}

  async list(orgId: string) {
    return (await repo.listGroups(this.deps.db.$client, orgId)).map(toGroup);
  }

  people(orgId: string, q?: string): Promise<OrgPerson[]> {
    const term = likeTerm(q?.trim() || undefined);
    return repo.searchPeople(this.deps.db.$client, orgId, term ? `%${term}%` : null);
  }

  async create(actorId: string, orgId: string, name: string) {
    return (await this.write(actorId, 'create', async (c) => {
      const id = uuidv7();
      await repo.insertGroup(c, id, orgId, name);
      return { before: null, after: (await repo.findGroup(c, orgId, id))! };
    }))!;
  }

  async rename(actorId: string, orgId: string, groupId: string, name: string) {
    return (await this.write(actorId, 'rename', async (c) => {
      const before = await this.group(c, orgId, groupId, true);
      await repo.renameGroup(c, orgId, groupId, name);
      return { before, after: (await repo.findGroup(c, orgId, groupId))! };
    }))!;
  }

  async remove(actorId: string, orgId: string, groupId: string) {
    await this.write(actorId, 'delete', async (c) => {
      const before = await this.group(c, orgId, groupId, true);
      await repo.deleteGroup(c, orgId, groupId);
      return { before, after: null };
    });
  }

  async members(orgId: string, groupId: string): Promise<OrgPerson[]> {
    await this.group(this.deps.db.$client, orgId, groupId);
    return repo.groupMembers(this.deps.db.$client, orgId, groupId);
  }

  /** Adds members of this organisation; one id that is not one of them refuses the whole request (404). */
  addMembers(actorId: string, orgId: string, groupId: string, userIds: string[]) {
    const ids = [...new Set(userIds)];
    return inTransaction(this.deps.db, async (c) => {
      await this.group(c, orgId, groupId, true);
      const found = await repo.membersAmong(c, orgId, ids);
      if (found.length !== ids.length) throw notFound('Member');
      await repo.addGroupMembers(c, groupId, ids);
      await recordAudit(c, {
        actorId,
        action: 'organization_group.add_members',
        entity: 'organization_group',
        entityId: groupId,
        before: null,
        after: { userIds: ids },
      });
      return repo.groupMembers(c, orgId, groupId);
    });
  }

  removeMember(actorId: string, orgId: string, groupId: string, userId: string) {
    return inTransaction(this.deps.db, async (c) => {
      await this.group(c, orgId, groupId, true);
      if (!(await repo.removeGroupMember(c, groupId, userId))) throw notFound('Member');
      await recordAudit(c, {
        actorId,
        action: 'organization_group.remove_member',
        entity: 'organization_group',
        entityId: groupId,
        before: { userId },
        after: null,
      });
    });
  }

  private async group(c: repo.Q, orgId: string, groupId: string, forUpdate = false) {
    const g = await repo.findGroup(c, orgId, groupId, forUpdate);
    if (!g) throw notFound('Group');
    return g;
  }

  /** One audited change of a group; a name another group has (any case) is a 409 naming the field. */
  private async write(
    actorId: string,
    verb: string,
    change: (c: TxClient) => Promise<{ before: repo.GroupRow | null; after: repo.GroupRow | null }>,
  ) {
    try {
      const { after } = await inTransaction(this.deps.db, async (c) => {
        const done = await change(c);
        await recordAudit(c, {
          actorId,
          action: `organization_group.${verb}`,
          entity: 'organization_group',
          entityId: (done.after ?? done.before)!.id,
          before: done.before && { name: done.before.name },
          after: done.after && { name: done.after.name },
        });
        return done;
      });
      return after && toGroup(after);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  }
}
