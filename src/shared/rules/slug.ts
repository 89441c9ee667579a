/**
 * The table-label slug used in public feedback links (spec §5): trimmed, lower-cased, accents
 * removed, spaces become hyphens, every other character but letters, digits and hyphens removed.
 * Runs of hyphens become one and none is left at either end ('Table 7 - Terrasse' → 'table-7-terrasse').
 * An empty result means "no slug".
 */
export function slugifyLabel(label: string | null | undefined): string | null {
  if (!label) return null;
  const slug = label
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return slug === '' ? null : slug;
}
