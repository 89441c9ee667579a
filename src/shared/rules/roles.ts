import { ROLE_LABELS, isRole } from './permissions';

/** A member's role as the owner pages show it, in French and capitalised (spec §2: 'Propriétaire'). */
export function formatRoleFr(role: string): string {
  const label = isRole(role) ? ROLE_LABELS[role] : role;
  return label ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}
