import type { Assignee, CourseAssignments } from '@rianroo/contract';
import { inTransaction, type Db } from '../../db/client.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './org-assign.repo.js';
import { membersAmong } from './org-groups.repo.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

const toAssignee = (r: repo.AssigneeRow): Assignee => ({
  user: { id: r.id, name: r.name, email: r.email },
  group: r.group_id && r.group_name ? { id: r.group_id, name: r.group_name } : null,
  assignedAt: r.created_at.toISOString(),
  dueAt: r.due_at?.toISOString() ?? null,
  canAccess: r.can_access,
  percent: r.episodes_total ? round2((r.episodes_watched / r.episodes_total) * 100) : 0,
  hasPostTest: r.post_test_id !== null,
  postTestPassed: r.post_test_passed_at !== null,
  completed: r.completed,
  completedAt: r.completed_at?.toISOString() ?? null,
  certificateCode: r.certificate_code,
  overdue: r.overdue,
});

/**
 * Course assignments of an organisation: a manager assigns any published course to members and to the present
 * members of groups, with an optional due date. Assigning grants no access (the console shows who can watch:
 * a free course, a plan, or the organisation's grant). One assignment per member and course, kept by the unique
 * index: assigning again sets the date. Members and groups of another organisation are answered 404 like unknown
 * ones. Every change is in the audit log with the manager as actor.
 */
export class OrgAssignService {
  constructor(
    private readonly deps: { db: Db },
    /** The time a due date must come after (tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async assign(
    actorId: string,
    orgId: string,
    body: { courseId: string; userIds: string[]; groupIds: string[]; dueAt: string | null },
  ) {
    const dueAt = body.dueAt === null ? null : new Date(body.dueAt);
    if (dueAt && dueAt.getTime() <= this.now().getTime())
      throw fieldError('VALIDATION_ERROR', 'dueAt', 'The due date must be in the future');
    const userIds = [...new Set(body.userIds)];
    const groupIds = [...new Set(body.groupIds)];
    return inTransaction(this.deps.db, async (c) => {
      if (!(await repo.findCourse(c, body.courseId, true))) throw notFound('Course');
      if ((await membersAmong(c, orgId, userIds)).length !== userIds.length) throw notFound('Member');
      if ((await repo.groupsAmong(c, orgId, groupIds)).length !== groupIds.length) throw notFound('Group');
      const targets = await repo.targets(c, orgId, userIds, groupIds);
      const assigned = targets.length
        ? await repo.upsertAssignments(c, {
            orgId,
            courseId: body.courseId,
            dueAt,
            by: actorId,
            ids: targets.map(() => uuidv7()),
            targets,
          })
        : 0;
      await recordAudit(c, {
        actorId,
        action: 'course_assignment.assign',
        entity: 'organization',
        entityId: orgId,
        before: null,
        after: { courseId: body.courseId, dueAt: dueAt?.toISOString() ?? null, userIds, groupIds, assigned },
      });
      return { courseId: body.courseId, assigned };
    });
  }

  async summaries(orgId: string) {
    return (await repo.summaries(this.deps.db.$client, orgId)).map((r) => ({
      course: { id: r.id, title: r.title, slug: r.slug },
      assignees: r.assignees,
      completed: r.completed,
      overdue: r.overdue,
      nextDueAt: r.next_due_at?.toISOString() ?? null,
    }));
  }

  async course(orgId: string, courseId: string): Promise<CourseAssignments> {
    const course = await repo.findCourse(this.deps.db.$client, courseId, false);
    if (!course) throw notFound('Course');
    const rows = await repo.assignees(this.deps.db.$client, orgId, courseId);
    return { course, assignees: rows.map(toAssignee) };
  }

  withdraw(actorId: string, orgId: string, courseId: string, userId: string) {
    return inTransaction(this.deps.db, async (c) => {
      const gone = await repo.deleteAssignment(c, orgId, courseId, userId);
      if (!gone) throw notFound('Assignment');
      await recordAudit(c, {
        actorId,
        action: 'course_assignment.withdraw',
        entity: 'organization',
        entityId: orgId,
        before: { courseId, userId, dueAt: gone.due_at?.toISOString() ?? null },
        after: null,
      });
    });
  }
}
