// The download itself is shared (client/lib): the venues' consolidated view downloads its CSV the same way.
export { downloadFile } from '../../../lib/download-file';

export const CUSTOMERS_CSV_URL = '/api/customers/export.csv';
export const customerExportUrl = (id: string) => `/api/customers/${encodeURIComponent(id)}/export`;
