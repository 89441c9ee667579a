import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { ZChangeRoleRequest, ZChangeVenuesRequest, ZInvitationIdParam, ZInviteRequest, ZUserIdParam } from '../../../shared/schemas/team';
import { changeMemberRole, changeMemberVenues, getTeam, inviteMember, removeMember, resendInvitation, revokeInvitation, type TeamActor } from './team.service';

/** The member acting: organisation from the tenant (never from the request), user from the session. */
const actorOf = (c: Context<AppEnv>): TeamActor => ({ organisationId: c.get('tenant').organisationId, userId: c.get('user').id, userName: c.get('user').name, lang: c.get('session').user.lang });

/**
 * /api/team (/equipe, decision 053): the organisation's members and invitations. Inviting, resending and
 * revoking are 'members.invite' (a gérant within the roles and venues they may grant); changing a member's
 * role or venues and removing a member are 'members.manage' (the propriétaire).
 */
export function createTeamRoutes(deps: AppDeps) {
  const invite = requireMember(deps, 'members.invite');
  const manage = requireMember(deps, 'members.manage');
  return new Hono<AppEnv>()
    .get('/', invite, async (c) => c.json(await getTeam(deps.db, actorOf(c))))
    .post('/invitations', invite, validate('json', ZInviteRequest), async (c) => c.json(await inviteMember(deps, actorOf(c), c.req.valid('json')), 201))
    .post('/invitations/:id/resend', invite, validate('param', ZInvitationIdParam), async (c) => c.json(await resendInvitation(deps, actorOf(c), c.req.valid('param').id)))
    .delete('/invitations/:id', invite, validate('param', ZInvitationIdParam), async (c) => c.json(await revokeInvitation(deps.db, actorOf(c), c.req.valid('param').id)))
    .patch('/members/:userId/role', manage, validate('param', ZUserIdParam), validate('json', ZChangeRoleRequest), async (c) =>
      c.json(await changeMemberRole(deps.db, actorOf(c), c.req.valid('param').userId, c.req.valid('json'))),
    )
    .put('/members/:userId/venues', manage, validate('param', ZUserIdParam), validate('json', ZChangeVenuesRequest), async (c) =>
      c.json(await changeMemberVenues(deps.db, actorOf(c), c.req.valid('param').userId, c.req.valid('json'))),
    )
    .delete('/members/:userId', manage, validate('param', ZUserIdParam), async (c) => c.json(await removeMember(deps.db, actorOf(c), c.req.valid('param').userId)));
}
