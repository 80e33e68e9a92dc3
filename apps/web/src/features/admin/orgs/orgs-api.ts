import type {
  AdminMemberPage,
  AdminOrganizationDetail,
  AdminOrganizationPage,
  OrganizationBody,
  OrganizationCourse,
  OrganizationCoursesBody,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminKey } from '../lib/admin-api';
import { apiQuery, type TableParams } from '../lib/table-params';

export const useOrganizations = (p: TableParams) =>
  useQuery({
    queryKey: [...adminKey, 'organizations', p],
    queryFn: () => adminCall<AdminOrganizationPage>(`/organizations?${apiQuery(p)}`),
    placeholderData: keepPreviousData,
  });

export const useOrganization = (id: string) =>
  useQuery({
    queryKey: [...adminKey, 'organization', id],
    queryFn: () => adminCall<AdminOrganizationDetail>(`/organizations/${id}`),
  });

export const useMembers = (id: string, p: TableParams) =>
  useQuery({
    queryKey: [...adminKey, 'organization', id, 'members', p],
    queryFn: () => adminCall<AdminMemberPage>(`/organizations/${id}/members?${apiQuery(p)}`),
    placeholderData: keepPreviousData,
  });

export const useCourseOptions = () =>
  useQuery({
    queryKey: [...adminKey, 'course-options'],
    queryFn: () => adminCall<OrganizationCourse[]>('/organizations/course-options'),
  });

/** A write: afterwards every console list and the audit log are read again. */
function useOrgWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  // Also after a failure: an EDIT_CONFLICT is answered by showing the latest version.
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: adminKey }) });
}

export const useCreateOrganization = () =>
  useOrgWrite((body: OrganizationBody) =>
    adminCall<AdminOrganizationDetail>('/organizations', { method: 'POST', body }),
  );
export const useUpdateOrganization = (id: string) =>
  useOrgWrite((body: OrganizationBody & { version: string }) =>
    adminCall<AdminOrganizationDetail>(`/organizations/${id}`, { method: 'PUT', body }),
  );
export const useSetCourses = (id: string) =>
  useOrgWrite((body: OrganizationCoursesBody) =>
    adminCall<AdminOrganizationDetail>(`/organizations/${id}/courses`, { method: 'PUT', body }),
  );
export const useAddMember = (id: string) =>
  useOrgWrite((email: string) =>
    adminCall<void>(`/organizations/${id}/members`, { method: 'POST', body: { email } }),
  );
export const useRemoveMember = (id: string) =>
  useOrgWrite((userId: string) =>
    adminCall<void>(`/organizations/${id}/members/${userId}`, { method: 'DELETE' }),
  );
