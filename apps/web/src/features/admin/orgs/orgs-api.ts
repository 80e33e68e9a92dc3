import type {
  AdminMemberQuery,
  AdminOrganizationQuery,
  OrganizationBody,
  OrganizationCoursesBody,
  OrganizationSeatsBody,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';
import { tableQuery, type TableParams } from '../lib/table-params';

export const useOrganizations = (p: TableParams<AdminOrganizationQuery['sort'], never, never>) =>
  useQuery({
    queryKey: [...adminKey, 'organizations', p],
    queryFn: () => api('GET /api/admin/organizations', { query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });

export const useOrganization = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'organization', id],
    queryFn: () => api('GET /api/admin/organizations/:id', { params: { id }, auth: true }),
  });

export const useMembers = (id: string, p: TableParams<AdminMemberQuery['sort'], never, never>) =>
  useQuery({
    queryKey: [...adminKey, 'organization', id, 'members', p],
    queryFn: () =>
      api('GET /api/admin/organizations/:id/members', { params: { id }, query: tableQuery(p), auth: true }),
    placeholderData: keepPreviousData,
  });

export const useCourseOptions = () =>
  useQuery({
    queryKey: [...adminKey, 'course-options'],
    queryFn: () => api('GET /api/admin/organizations/course-options', { auth: true }),
  });

/** A write: afterwards every console list and the audit log are read again. */
function useOrgWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  // Also after a failure: an EDIT_CONFLICT is answered by showing the latest version.
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: adminKey }) });
}

export const useCreateOrganization = () =>
  useOrgWrite((body: OrganizationBody) => api('POST /api/admin/organizations', { body, auth: true }));
export const useUpdateOrganization = (id: string) =>
  useOrgWrite((body: OrganizationBody & { version: string }) =>
    api('PUT /api/admin/organizations/:id', { params: { id }, body, auth: true }),
  );
export const useSetCourses = (id: string) =>
  useOrgWrite((body: OrganizationCoursesBody) =>
    api('PUT /api/admin/organizations/:id/courses', { params: { id }, body, auth: true }),
  );
export const useSetSeats = (id: string) =>
  useOrgWrite((body: OrganizationSeatsBody) =>
    api('PUT /api/admin/organizations/:id/seats', { params: { id }, body, auth: true }),
  );
export const useEndSeats = (id: string) =>
  useOrgWrite(() => api('DELETE /api/admin/organizations/:id/seats', { params: { id }, auth: true }));
export const useAddMember = (id: string) =>
  useOrgWrite((email: string) =>
    api('POST /api/admin/organizations/:id/members', { params: { id }, body: { email }, auth: true }),
  );
export const useRemoveMember = (id: string) =>
  useOrgWrite((userId: string) =>
    api('DELETE /api/admin/organizations/:id/members/:userId', { params: { id, userId }, auth: true }),
  );

export const useManagers = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'organization', id, 'managers'],
    queryFn: () => api('GET /api/admin/organizations/:id/managers', { params: { id }, auth: true }),
  });
export const useAddManager = (id: string) =>
  useOrgWrite((email: string) =>
    api('POST /api/admin/organizations/:id/managers', { params: { id }, body: { email }, auth: true }),
  );
export const useRemoveManager = (id: string) =>
  useOrgWrite((userId: string) =>
    api('DELETE /api/admin/organizations/:id/managers/:userId', { params: { id, userId }, auth: true }),
  );
