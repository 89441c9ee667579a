// node-postgres turns a parameter into the text it sends (Dates, arrays, JSON, buffers): the bench writes
// the same text into its pgbench script.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | null;
}
