import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TChangeRoleRequest, TChangeVenuesRequest, TInviteRequest, TTeamResponse } from '../../../../shared/schemas/team';
import { teamKeys } from './keys';

export async function getTeam(): Promise<TTeamResponse> {
  return readJson<TTeamResponse>(await api.team.$get());
}

export function useTeam() {
  return useQuery(queryOptions({ queryKey: teamKeys.all, queryFn: getTeam }));
}

/** A team change, then the list read again (the answer is only `{ ok }`). */
function useTeamMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}

export function useInvite() {
  return useTeamMutation(async (input: TInviteRequest) => readJson(await api.team.invitations.$post({ json: input })));
}

export function useResendInvitation() {
  return useTeamMutation(async (id: string) => readJson(await api.team.invitations[':id'].resend.$post({ param: { id } })));
}

export function useRevokeInvitation() {
  return useTeamMutation(async (id: string) => readJson(await api.team.invitations[':id'].$delete({ param: { id } })));
}

export function useChangeRole() {
  return useTeamMutation(async ({ userId, ...json }: TChangeRoleRequest & { userId: string }) =>
    readJson(await api.team.members[':userId'].role.$patch({ param: { userId }, json })),
  );
}

export function useChangeVenues() {
  return useTeamMutation(async ({ userId, ...json }: TChangeVenuesRequest & { userId: string }) =>
    readJson(await api.team.members[':userId'].venues.$put({ param: { userId }, json })),
  );
}

export function useRemoveMember() {
  return useTeamMutation(async (userId: string) => readJson(await api.team.members[':userId'].$delete({ param: { userId } })));
}
