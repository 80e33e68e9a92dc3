import type { AssignmentBody } from '@rianroo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { orgAssignKey, useAssignWrite } from '../../groups/api/groups';

export const useAssignmentSummaries = (orgId: string) =>
  useQuery({
    queryKey: [...orgAssignKey(orgId), 'assignments'],
    queryFn: () => api('GET /api/org/:orgId/assignments', { params: { orgId }, auth: true }),
  });

export const useCourseAssignments = (orgId: string, courseId: string) =>
  useQuery({
    queryKey: [...orgAssignKey(orgId), 'assignments', courseId],
    queryFn: () =>
      api('GET /api/org/:orgId/assignments/:courseId', { params: { orgId, courseId }, auth: true }),
  });

/** Published courses matching the words (the public catalogue: any published course may be assigned). */
export const useCourseSearch = (q: string) =>
  useQuery({
    queryKey: ['org', 'course-search', q],
    queryFn: () => api('GET /api/courses', { query: { q, limit: 10 } }),
    placeholderData: keepPreviousData,
  });

export const useAssign = (orgId: string) =>
  useAssignWrite(orgId, (body: AssignmentBody) =>
    api('POST /api/org/:orgId/assignments', { params: { orgId }, body, auth: true }),
  );

export const useWithdraw = (orgId: string, courseId: string) =>
  useAssignWrite(orgId, (userId: string) =>
    api('DELETE /api/org/:orgId/assignments/:courseId/users/:userId', {
      params: { orgId, courseId, userId },
      auth: true,
    }),
  );
