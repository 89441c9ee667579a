/** Query keys of the team (/equipe) and of an invitation link's preview (by its token). */
export const teamKeys = {
  all: ['team'] as const,
  invitation: (token: string | null) => ['invitation', token ?? ''] as const,
};
