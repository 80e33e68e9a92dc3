// The organisation console's groups and course assignments (issue 35): schemas. Every operation is under
// /api/org/:orgId (endpoints/org.ts, audience `manager`). A group is a name and some of the organisation's
// members; assigning a course to a group assigns it to the group's members at that moment (a member added to
// the group later is not assigned it: assign the course to the group again).
import { z } from 'zod';
import { boundedText, filledLine, uuid } from './common.js';
import { orgParams } from './org.js';

export const GROUP_NAME_MAX = 100;
/** The most members (or groups) one request names. */
export const ASSIGN_MAX_USERS = 500;
export const ASSIGN_MAX_GROUPS = 50;

export const orgGroupParams = orgParams.extend({ groupId: uuid });
export const orgGroupMemberParams = orgGroupParams.extend({ userId: uuid });
export const orgCourseParams = orgParams.extend({ courseId: uuid });
export const orgAssignmentParams = orgCourseParams.extend({ userId: uuid });

export const orgGroup = z.object({
  id: uuid,
  name: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type OrgGroup = z.infer<typeof orgGroup>;
export const orgGroupList = z.array(orgGroup);
export const orgGroupBody = z.object({ name: filledLine(GROUP_NAME_MAX) });
export type OrgGroupBody = z.infer<typeof orgGroupBody>;

/** A member of the organisation as the console's pickers and lists show them. */
export const orgPerson = z.object({ id: uuid, name: z.string(), email: z.string() });
export type OrgPerson = z.infer<typeof orgPerson>;
export const orgPersonList = z.array(orgPerson);
export const orgPersonQuery = z.object({ q: boundedText(100).optional() });

export const orgGroupMembersBody = z.object({ userIds: z.array(uuid).min(1).max(ASSIGN_MAX_USERS) });

export const assignmentBody = z
  .object({
    courseId: uuid,
    userIds: z.array(uuid).max(ASSIGN_MAX_USERS).default([]),
    groupIds: z.array(uuid).max(ASSIGN_MAX_GROUPS).default([]),
    /** Optional; in the future. Assigning again changes the date (and its reminders start over). */
    dueAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((b) => b.userIds.length + b.groupIds.length > 0, {
    message: 'Name at least one member or group',
    path: ['userIds'],
  });
export type AssignmentBody = z.input<typeof assignmentBody>;
export const assignmentResult = z.object({
  courseId: uuid,
  /** The members the course is now assigned to by this request (new or with a changed date). */
  assigned: z.number().int(),
});

export const assignedCourse = z.object({
  id: uuid,
  title: z.string(),
  slug: z.string(),
});

/** One course's assignments in a glance. */
export const assignmentSummary = z.object({
  course: assignedCourse,
  assignees: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
  /** The earliest due date of those not done yet. */
  nextDueAt: z.string().nullable(),
});
export const assignmentSummaryList = z.array(assignmentSummary);

/** An assignee of a course with their progress in it. */
export const assignee = z.object({
  user: orgPerson,
  group: z.object({ id: uuid, name: z.string() }).nullable(),
  assignedAt: z.string(),
  dueAt: z.string().nullable(),
  /** Assigning grants nothing: whether the member may watch it (free, a plan, a grant of the organisation). */
  canAccess: z.boolean(),
  /** Share of the course's episodes watched, 0-100. */
  percent: z.number(),
  hasPostTest: z.boolean(),
  postTestPassed: z.boolean(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  certificateCode: z.string().nullable(),
  /** Past the due date and not completed. */
  overdue: z.boolean(),
});
export type Assignee = z.infer<typeof assignee>;
export const courseAssignments = z.object({ course: assignedCourse, assignees: z.array(assignee) });
export type CourseAssignments = z.infer<typeof courseAssignments>;

/** In the learner's library: who assigned the course and by when. */
export const libraryAssignment = z.object({
  organization: z.string(),
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
});
