/** A restaurant role as the owner pages show it, in French and capitalised (spec §2: 'Propriétaire'). */
const ROLE_LABELS: Record<string, string> = { owner: 'Propriétaire', manager: 'Gérant' };

export function formatRoleFr(role: string): string {
  const label = ROLE_LABELS[role] ?? role;
  return label ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}
