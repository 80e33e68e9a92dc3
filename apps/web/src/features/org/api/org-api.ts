import type {
  OrgInviteBody,
  OrgInviteQuery,
  OrgMemberQuery,
  OrgReportQuery,
  OrgSettingsBody,
} from '@rianroo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api';

/** Every query of the console's members, invitations and settings starts with this. */
export const orgKey = (orgId: string) => ['org', orgId, 'console'] as const;

export { useManagedOrganizations } from '../../../lib/managed-organizations';

export const useOverview = (orgId: string) =>
  useQuery({
    queryKey: [...orgKey(orgId), 'overview'],
    queryFn: () => api('GET /api/org/:orgId', { params: { orgId }, auth: true }),
  });

export const useCompletions = (orgId: string) =>
  useQuery({
    queryKey: [...orgKey(orgId), 'completions'],
    queryFn: () => api('GET /api/org/:orgId/completions', { params: { orgId }, auth: true }),
  });

export const useMembers = (orgId: string, query: Partial<OrgMemberQuery>) =>
  useQuery({
    queryKey: [...orgKey(orgId), 'members', query],
    queryFn: () => api('GET /api/org/:orgId/members', { params: { orgId }, query, auth: true }),
    placeholderData: keepPreviousData,
  });

export const useInvites = (orgId: string, query: Partial<OrgInviteQuery>) =>
  useQuery({
    queryKey: [...orgKey(orgId), 'invites', query],
    queryFn: () => api('GET /api/org/:orgId/invites', { params: { orgId }, query, auth: true }),
    placeholderData: keepPreviousData,
  });

export const useManagers = (orgId: string) =>
  useQuery({
    queryKey: [...orgKey(orgId), 'managers'],
    queryFn: () => api('GET /api/org/:orgId/managers', { params: { orgId }, auth: true }),
  });

export const useSettings = (orgId: string) =>
  useQuery({
    queryKey: [...orgKey(orgId), 'settings'],
    queryFn: () => api('GET /api/org/:orgId/settings', { params: { orgId }, auth: true }),
  });

/** A console write: afterwards every console list is read again. */
function useOrgWrite<V, R>(orgId: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: ['org', orgId] }),
  });
}

export const useInvite = (orgId: string) =>
  useOrgWrite(orgId, (body: OrgInviteBody) =>
    api('POST /api/org/:orgId/invites', { params: { orgId }, body, auth: true }),
  );
export const useResendInvite = (orgId: string) =>
  useOrgWrite(orgId, (inviteId: string) =>
    api('POST /api/org/:orgId/invites/:inviteId/resend', { params: { orgId, inviteId }, auth: true }),
  );
export const useRevokeInvite = (orgId: string) =>
  useOrgWrite(orgId, (inviteId: string) =>
    api('POST /api/org/:orgId/invites/:inviteId/revoke', { params: { orgId, inviteId }, auth: true }),
  );
export const useRemoveMember = (orgId: string) =>
  useOrgWrite(orgId, (userId: string) =>
    api('DELETE /api/org/:orgId/members/:userId', { params: { orgId, userId }, auth: true }),
  );
export const useRemoveManager = (orgId: string) =>
  useOrgWrite(orgId, (userId: string) =>
    api('DELETE /api/org/:orgId/managers/:userId', { params: { orgId, userId }, auth: true }),
  );
export const useSaveSettings = (orgId: string) =>
  useOrgWrite(orgId, (body: OrgSettingsBody) =>
    api('PUT /api/org/:orgId/settings', { params: { orgId }, body, auth: true }),
  );

/** The members report as a file (CSV or XLSX) with the list's filters. */
export const downloadReport = (orgId: string, kind: 'csv' | 'xlsx', query: OrgReportQuery) =>
  kind === 'csv'
    ? apiBlob('GET /api/org/:orgId/report.csv', { params: { orgId }, query, auth: true })
    : apiBlob('GET /api/org/:orgId/report.xlsx', { params: { orgId }, query, auth: true });

export const acceptInvite = (token: string) =>
  api('POST /api/users/org-invites/accept', { body: { token }, auth: true });
