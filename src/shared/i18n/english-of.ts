/**
 * The type of a French message object's English twin (issue #53, decision 097): the same keys, strings for
 * strings. On its own so that a schema can type its twin without importing api-messages.ts, which imports the
 * schemas (an import cycle, type-only imports included: eslint's architecture/no-cycle).
 */
export type EnglishOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : EnglishOf<T[K]> };
