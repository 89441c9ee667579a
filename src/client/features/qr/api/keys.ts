/** Query keys of the QR codes (defined in lib/query-keys.ts: saving the review link invalidates them). */
export { qrKeys } from '../../../lib/query-keys';
