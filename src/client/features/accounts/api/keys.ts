/** Query keys of the account feature (defined in lib/query-keys.ts, which others invalidate); sign-in and sign-out invalidate ['accounts']. */
export { accountKeys } from '../../../lib/query-keys';
