import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, type TTeamResponse } from '../../../../shared/schemas/team';
import { inviteDefaults, ZInviteForm } from './invite-form';

const venue = (id: string) => ({ id, name: `Venue ${id}` });
function team(viewer: Partial<TTeamResponse['viewer']>, invitableVenues = [venue('11111111-1111-4111-8111-111111111111')]): TTeamResponse {
  return {
    viewer: { userId: 'u1', role: 'owner', invitableRoles: ['owner', 'manager', 'staff', 'viewer'], mayManageMembers: true, mayInviteOnAllVenues: true, ...viewer },
    invitableVenues,
    venues: invitableVenues,
    members: [],
    invitations: [],
  } as unknown as TTeamResponse;
}

describe('the invite form (ZInviteForm, inviteDefaults)', () => {
  it('starts from the least role the viewer may give and all venues when they may', () => {
    expect(inviteDefaults(team({}))).toEqual({ email: '', role: 'staff', allVenues: true, venueIds: ['11111111-1111-4111-8111-111111111111'] });
    const gerant = team({ role: 'manager', invitableRoles: ['viewer'], mayInviteOnAllVenues: false }, [venue('a'), venue('b')]);
    expect(inviteDefaults(gerant)).toEqual({ email: '', role: 'viewer', allVenues: false, venueIds: [] });
  });

  it('sends every venue for a propriétaire, whatever choice stays on screen', () => {
    const parsed = ZInviteForm.safeParse({ email: 'new@example.com', role: 'owner', allVenues: false, venueIds: [] });
    expect(parsed.success && parsed.data).toMatchObject({ email: 'new@example.com', role: 'owner', allVenues: true });
  });

  it('asks for at least one venue for another role, with the shared message', () => {
    const parsed = ZInviteForm.safeParse({ email: 'new@example.com', role: 'staff', allVenues: false, venueIds: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(TEAM_MESSAGES.venuesRequired);
  });

  it('refuses a malformed address with the shared schema’s message', () => {
    const parsed = ZInviteForm.safeParse({ email: 'pas-un-email', role: 'staff', allVenues: true, venueIds: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['email']);
  });
});
