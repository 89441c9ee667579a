/** The team (/equipe) and invitations (/invitation) of issue #29 (decision 053): requests, answers, messages. */
import type { z } from 'zod';
import { z as zod } from 'zod';
import { ROLES, type Role } from '../rules/permissions';
import { ZEmail, ZNewPassword } from './accounts';

/** Every refusal of the team and invitation routes, in the product's French. */
export const TEAM_MESSAGES = {
  roleInvalid: 'Choisissez un rôle.',
  venuesRequired: 'Choisissez au moins un établissement.',
  ownerAllVenues: 'Un propriétaire a accès à tous les établissements.',
  roleNotGrantable: 'Votre rôle ne permet pas de donner ce rôle.',
  venueNotYours: 'Vous ne pouvez inviter que sur vos établissements.',
  venueUnknown: 'Établissement introuvable.',
  alreadyMember: 'Cette personne fait déjà partie de votre équipe.',
  alreadyInvited: 'Une invitation est déjà en attente pour cette adresse : renvoyez-la depuis la liste.',
  dailyLimit: 'Vous avez envoyé 20 invitations aujourd’hui : c’est le maximum par jour pour votre organisation. Réessayez demain.',
  invitationNotFound: 'Invitation introuvable.',
  memberNotFound: 'Membre introuvable.',
  notYourself: 'Vous ne pouvez pas modifier votre propre accès : demandez à un autre propriétaire.',
  lastOwner: 'Votre organisation doit garder au moins un propriétaire : nommez-en un autre avant.',
  // Acceptance (/invitation).
  linkInvalid: 'Ce lien d’invitation n’est pas valable.',
  used: 'Cette invitation a déjà été utilisée.',
  revoked: 'Cette invitation a été annulée. Demandez une nouvelle invitation.',
  expired: 'Cette invitation a expiré. Demandez une nouvelle invitation.',
  inviterMayNotGrant: 'Cette invitation n’est plus valable : la personne qui l’a envoyée ne peut plus accorder ce rôle. Demandez une nouvelle invitation.',
  venuesGone: 'Les établissements de cette invitation n’existent plus. Demandez une nouvelle invitation.',
  alreadyInOrganisation: 'Vous faites déjà partie de cette organisation.',
  accountExists: 'Un compte existe déjà avec cette adresse : connectez-vous pour accepter l’invitation.',
  nameShort: 'Le nom doit contenir au moins 2 caractères',
  nameLong: 'Le nom doit contenir au plus 100 caractères',
} as const;

/** The message when the signed-in account is not the invited address. */
export const wrongAccountMessage = (email: string) =>
  `Cette invitation est destinée à ${email}. Connectez-vous avec cette adresse pour l’accepter.`;

const ZRole = zod.enum(ROLES, TEAM_MESSAGES.roleInvalid);
const ZVenueIds = zod.array(zod.uuid(TEAM_MESSAGES.venueUnknown), TEAM_MESSAGES.venuesRequired).max(200, TEAM_MESSAGES.venuesRequired);

/** Venues of a membership or an invitation: all of the organisation's, or at least one chosen. */
const ZVenueChoice = zod.object({ allVenues: zod.boolean(TEAM_MESSAGES.venuesRequired), venueIds: ZVenueIds.default([]) });
const isObject = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** POST /api/team/invitations. */
export const ZInviteRequest = zod
  .object({ email: ZEmail, role: ZRole, ...ZVenueChoice.shape })
  .refine((v) => v.allVenues || v.venueIds.length > 0, { path: ['venueIds'], message: TEAM_MESSAGES.venuesRequired, when: isObject })
  .refine((v) => v.role !== 'owner' || v.allVenues, { path: ['allVenues'], message: TEAM_MESSAGES.ownerAllVenues, when: isObject });
export type TInviteRequest = z.input<typeof ZInviteRequest>;

/** PATCH /api/team/members/:userId/role. */
export const ZChangeRoleRequest = zod.object({ role: ZRole });
export type TChangeRoleRequest = z.input<typeof ZChangeRoleRequest>;

/** PUT /api/team/members/:userId/venues. */
export const ZChangeVenuesRequest = ZVenueChoice.refine((v) => v.allVenues || v.venueIds.length > 0, {
  path: ['venueIds'],
  message: TEAM_MESSAGES.venuesRequired,
  when: isObject,
});
export type TChangeVenuesRequest = z.input<typeof ZChangeVenuesRequest>;

export const ZUserIdParam = zod.object({ userId: zod.string().min(1).max(100) });
export const ZInvitationIdParam = zod.object({ id: zod.uuid(TEAM_MESSAGES.invitationNotFound) });

/** The token of an invitation link (its raw form, only ever in the link). */
const ZToken = zod.string(TEAM_MESSAGES.linkInvalid).min(20, TEAM_MESSAGES.linkInvalid).max(200, TEAM_MESSAGES.linkInvalid);
export const ZInvitationTokenRequest = zod.object({ token: ZToken });
export type TInvitationTokenRequest = z.input<typeof ZInvitationTokenRequest>;

/** POST /api/invitations/signup: a new address signs up on /invitation (its email is the invitation's). */
export const ZInvitationSignupRequest = zod.object({
  token: ZToken,
  name: zod.string(TEAM_MESSAGES.nameShort).trim().min(2, TEAM_MESSAGES.nameShort).max(100, TEAM_MESSAGES.nameLong),
  password: ZNewPassword,
});
export type TInvitationSignupRequest = z.input<typeof ZInvitationSignupRequest>;

export type TVenueRef = { id: string; name: string };

export type TTeamMember = {
  userId: string;
  name: string;
  email: string;
  role: Role;
  allVenues: boolean;
  venues: TVenueRef[];
  since: string;
  isSelf: boolean;
};

export type TTeamInvitation = {
  id: string;
  email: string;
  role: Role;
  allVenues: boolean;
  venues: TVenueRef[];
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  /** Whether the viewer may resend or revoke it (a gérant: the roles and venues they may grant). */
  mayManage: boolean;
};

/** GET /api/team. */
export type TTeamResponse = {
  viewer: { userId: string; role: Role; invitableRoles: Role[]; mayManageMembers: boolean; mayInviteOnAllVenues: boolean };
  /** The venues the viewer may choose in the invite form (a gérant: their own). */
  invitableVenues: TVenueRef[];
  /** The venues the viewer sees: every venue of the organisation, or their own (the owner's choices when changing a member's venues). */
  venues: TVenueRef[];
  members: TTeamMember[];
  invitations: TTeamInvitation[];
};

/** POST /api/invitations/preview: what the invitation page shows before acceptance. */
export type TInvitationPreview = {
  email: string;
  organisationName: string;
  inviterName: string | null;
  role: Role;
  allVenues: boolean;
  venues: string[];
  expiresAt: string;
  hasAccount: boolean;
};

/** Acceptance: where the new member lands (the counter for équipe, the dashboard otherwise). */
export type TInvitationAccepted = { organisationId: string; role: Role; landing: string };

