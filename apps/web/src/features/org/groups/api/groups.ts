import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** Every query of the console's groups and assignments starts with this, so one write refreshes them all. */
export const orgAssignKey = (orgId: string) => ['org', orgId, 'assign'] as const;

export const useGroups = (orgId: string) =>
  useQuery({
    queryKey: [...orgAssignKey(orgId), 'groups'],
    queryFn: () => api('GET /api/org/:orgId/groups', { params: { orgId }, auth: true }),
  });

export const useGroupMembers = (orgId: string, groupId: string) =>
  useQuery({
    queryKey: [...orgAssignKey(orgId), 'groups', groupId],
    queryFn: () =>
      api('GET /api/org/:orgId/groups/:groupId/members', { params: { orgId, groupId }, auth: true }),
  });

/** The organisation's members matching the words (at most 20), for the pickers. */
export const usePeople = (orgId: string, q: string) =>
  useQuery({
    queryKey: ['org', orgId, 'people', q],
    queryFn: () => api('GET /api/org/:orgId/people', { params: { orgId }, query: { q }, auth: true }),
  });

/** A write of groups or assignments; afterwards their lists are read again. */
export function useAssignWrite<V, R>(orgId: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: orgAssignKey(orgId) }),
  });
}

export const useCreateGroup = (orgId: string) =>
  useAssignWrite(orgId, (name: string) =>
    api('POST /api/org/:orgId/groups', { params: { orgId }, body: { name }, auth: true }),
  );
export const useRenameGroup = (orgId: string) =>
  useAssignWrite(orgId, ({ groupId, name }: { groupId: string; name: string }) =>
    api('PATCH /api/org/:orgId/groups/:groupId', { params: { orgId, groupId }, body: { name }, auth: true }),
  );
export const useDeleteGroup = (orgId: string) =>
  useAssignWrite(orgId, (groupId: string) =>
    api('DELETE /api/org/:orgId/groups/:groupId', { params: { orgId, groupId }, auth: true }),
  );
export const useAddGroupMembers = (orgId: string, groupId: string) =>
  useAssignWrite(orgId, (userIds: string[]) =>
    api('POST /api/org/:orgId/groups/:groupId/members', {
      params: { orgId, groupId },
      body: { userIds },
      auth: true,
    }),
  );
export const useRemoveGroupMember = (orgId: string, groupId: string) =>
  useAssignWrite(orgId, (userId: string) =>
    api('DELETE /api/org/:orgId/groups/:groupId/members/:userId', {
      params: { orgId, groupId, userId },
      auth: true,
    }),
  );
