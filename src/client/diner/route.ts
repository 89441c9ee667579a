/** What the diner page shows, read from the address itself (no router in this bundle). */
export type DinerRoute =
  | { kind: 'scan'; code: string }
  | { kind: 'feedback'; restaurantId: string; qrId: string | null; label: string | null; link: string | null }
  | { kind: 'data'; restaurantId: string; erase: string | null }
  | { kind: 'card'; restaurantId: string; link: string | null }
  | { kind: 'unknown' };

/** /r/{code}, /f/{restaurantId}?qr={qr id}&label={slug}, 'Mes données' /f/{restaurantId}/donnees, or the card /f/{restaurantId}/carte. */
export function parseDinerRoute(pathname: string, search: string): DinerRoute {
  const scan = /^\/r\/([^/]+)\/?$/.exec(pathname);
  if (scan) return { kind: 'scan', code: decodeURIComponent(scan[1]) };
  // 'Mes données' (decision 045); ?erase= is the link of the erasure email.
  const data = /^\/f\/([^/]+)\/donnees\/?$/.exec(pathname);
  if (data) return { kind: 'data', restaurantId: decodeURIComponent(data[1]), erase: new URLSearchParams(search).get('erase') || null };
  const card = /^\/f\/([^/]+)\/carte\/?$/.exec(pathname);
  if (card) return { kind: 'card', restaurantId: decodeURIComponent(card[1]), link: new URLSearchParams(search).get('link') };
  const feedback = /^\/f\/([^/]+)\/?$/.exec(pathname);
  if (feedback) {
    const params = new URLSearchParams(search);
    return { kind: 'feedback', restaurantId: decodeURIComponent(feedback[1]), qrId: params.get('qr') || null, label: params.get('label') || null, link: params.get('link') || null };
  }
  return { kind: 'unknown' };
}
