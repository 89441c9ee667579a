/**
 * 'chez {name}' as a French sentence needs it, without doubling the preposition a name already has:
 * 'chez Le Bistrot', but 'Chez Demo' (not 'chez Chez Demo') and 'Au Bon Coin'.
 */
export function atRestaurant(name: string): string {
  const trimmed = name.trim();
  return /^(chez|au|aux|à la|a la|à l['’]|à)(\s|$)/i.test(trimmed) ? trimmed : `chez ${trimmed}`;
}
