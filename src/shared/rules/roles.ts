import type { OwnerLocale } from './locales';
import { ROLE_LABELS, isRole, type Role } from './permissions';

/** The roles' names in English, as the owner pages of an English owner show them (issue #53). */
const ROLE_LABELS_EN: Record<Role, string> = {
  owner: 'owner',
  manager: 'manager',
  staff: 'counter staff',
  viewer: 'read-only',
};

/** A role's name in `locale`, lower-case as a sentence names it (« Votre rôle : gérant », 'Your role: manager'). */
export function roleLabel(role: Role, locale: OwnerLocale): string {
  return (locale === 'en' ? ROLE_LABELS_EN : ROLE_LABELS)[role];
}

/** A member's role as the owner pages show it, in `locale` and capitalised (spec §2: 'Propriétaire'). */
export function formatRole(role: string, locale: OwnerLocale): string {
  const label = isRole(role) ? (locale === 'en' ? ROLE_LABELS_EN : ROLE_LABELS)[role] : role;
  return label ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}

/** A member's role as the owner pages show it, in French and capitalised (spec §2: 'Propriétaire'). */
export function formatRoleFr(role: string): string {
  return formatRole(role, 'fr');
}
