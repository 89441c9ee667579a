/**
 * 'chez {name}' as a French sentence needs it, without doubling the preposition a name already has:
 * 'chez Le Bistrot', but 'Chez Demo' (not 'chez Chez Demo') and 'Au Bon Coin'.
 */
export function atRestaurant(name: string): string {
  const trimmed = name.trim();
  // chez, au, aux, à la, a la, à l' (or l’), à: written as escapes so the server's bundle stays ASCII (a
  // one-byte source string in memory, half the size; scripts/build-server.mjs).
  return /^(chez|au|aux|\u00e0 la|a la|\u00e0 l['\u2019]|\u00e0)(\s|$)/i.test(trimmed) ? trimmed : `chez ${trimmed}`;
}
