// The download itself is shared (client/lib): the venues' consolidated view downloads its CSV the same way.
export { downloadFile } from '../../../lib/download-file';

/** The CSV of what the list shows: its search, its filter and, only when the switch asks for them, the anonymous devices. */
export function customersCsvUrl(selection: { q: string; scope: 'known' | 'all'; filter: string | null }): string {
  const search = new URLSearchParams();
  if (selection.q) search.set('q', selection.q);
  if (selection.scope === 'all') search.set('scope', 'all');
  if (selection.filter) search.set('filter', selection.filter);
  const query = search.toString();
  return `/api/customers/export.csv${query ? `?${query}` : ''}`;
}
export const customerExportUrl = (id: string) => `/api/customers/${encodeURIComponent(id)}/export`;
