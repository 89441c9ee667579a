import type { Role } from '../../../../shared/rules/permissions';
import { formatRoleFr } from '../../../../shared/rules/roles';

/** What each role may do, in one line (the invite form and the role select). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'tout, y compris l’équipe et les établissements',
  manager: 'tout sur ses établissements, invite équipe et lecture',
  staff: 'le comptoir et les avis du jour',
  viewer: 'tableaux de bord et avis, en lecture seule',
};

/** The role's rights as a sentence under a role select. */
export const roleHint = (role: Role) => `${formatRoleFr(role)} : ${ROLE_DESCRIPTIONS[role]}.`;

/** "Tous les établissements", or the names of the chosen ones. */
export function venuesText(allVenues: boolean, venues: ReadonlyArray<{ name: string }>): string {
  if (allVenues) return 'Tous les établissements';
  return venues.length ? venues.map((venue) => venue.name).join(', ') : 'Aucun établissement';
}
