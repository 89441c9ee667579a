/**
 * The door of src/server/platform/: every module that reaches past a library's public API or tunes the
 * runtime lives in this folder (platform/README.md says what each relies on, its measured worth and how to
 * upgrade the library under it), and the rest of the code imports only this file (a lint zone,
 * eslint.architecture.js `platformDoorConfig`). Export here exactly what the rest of the code uses.
 */
export { HTML_HEADERS, compressLargeAnswers, lightJsonAnswers, lightResponse } from './light-responses';
export { readSessionCookie, verifySignedToken, type SessionAuth, type SessionAuthContext } from './better-auth-session';
export { namedExecutorOf, preparedTransaction, queryPreparedRows, runPrepared, statementTextOf } from './prepared';
export { pgliteParserViews } from './pglite-parsers';
export { createRequestLoad, waitForRequestLull, type RequestLoad } from './request-load';
export { setNewest } from './bounded-map';
export { createPublicReadCache, PUBLIC_READ_TTL_MS, type PublicReadCache } from './public-read-cache';
