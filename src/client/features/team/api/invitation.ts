import { useMutation, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TInvitationAccepted, TInvitationPreview, TInvitationSignupRequest } from '../../../../shared/schemas/team';
import { teamKeys } from './keys';

/** What an invitation link offers (its token travels in the body). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: async () => readJson<TInvitationPreview>(await api.invitations.preview.$post({ json: { token: token ?? '' } })),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: async (token: string) => readJson<TInvitationAccepted>(await api.invitations.accept.$post({ json: { token } })) });
}

export function useSignUpWithInvitation() {
  return useMutation({ mutationFn: async (input: TInvitationSignupRequest) => readJson<TInvitationAccepted>(await api.invitations.signup.$post({ json: input })) });
}
