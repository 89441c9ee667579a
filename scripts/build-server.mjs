// Compiles the server ahead of time into dist/server: one ESM bundle holding our code and the npm
// packages it uses, so `npm start` runs plain JavaScript with no TypeScript loader and loads one file
// instead of hundreds of package modules (measured: idle memory 153 → 133 MB, see decision 013).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { compileCatalogues } from './i18n.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(root, 'dist/server');

/**
 * The flags Node runs the server with (`npm start` in package.json says the same; a test keeps them
 * equal).
 * - AsyncLocalStorage (better-auth uses three) is built on V8's context frames instead of promise
 *   hooks, which otherwise run at every promise of every request once one store is in use: +15-20%
 *   requests/s on every path measured (decision 013). The default from Node 24; a flag on Node 22.
 * - No allocation-site pretenuring: requests that wait on the database keep their objects past two
 *   young-generation collections, V8 then allocates every object of those shared sites (hono, the
 *   HTTP adapter) in the old generation, and the light requests pay a full collection every half
 *   second (decision 019).
 */
export const SERVER_NODE_FLAGS = ['--experimental-async-context-frame', '--no-allocation-site-pretenuring'];

/**
 * The environment the server starts with (`npm start` sets it through scripts/node22.mjs as NAME=value
 * arguments; an operator's own value wins; a test keeps package.json equal).
 * - Two malloc arenas (glibc; other C libraries ignore it). glibc gives each thread that allocates its own
 *   arena, up to 8 per core: the libuv pool compressing answers, V8's compiler and collector threads. What a
 *   rush frees there stays in those arenas. Measured on PostgreSQL (`scripts/memory.ts`): idle 133 → 115 MB,
 *   a minute after 60 s of mixed load 166 → 136 MB; no change in requests/s (decision 068).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** `npm start`'s arguments to scripts/node22.mjs before the entry: the environment, then the Node flags. */
export const SERVER_LAUNCH_ARGUMENTS = [...Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`), ...SERVER_NODE_FLAGS];

/** Every file Node starts on its own: the server, and worker-thread entries that live beside it. */
export const SERVER_ENTRIES = { index: 'src/server/index.ts', 'table-cards.worker': 'src/server/features/qr/table-cards.worker.ts' };

/**
 * Packages left as imports of node_modules: PGlite reads its WASM and data files beside its own module,
 * the AWS SDK is loaded only when S3 is configured (and is large), pg-native and pg-cloudflare are
 * optional drivers pg asks for only when told to, sharp loads its native libvips build beside its
 * own module (and only at the first image upload).
 */
const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', '@aws-sdk/*', 'pg-native', 'pg-cloudflare', 'sharp'];

/**
 * Bundled CommonJS packages still call require() and read __dirname/__filename: an ESM bundle gets
 * them from its own URL.
 */
const COMMONJS_GLOBALS = [
  "import { createRequire as __refeedCreateRequire } from 'node:module';",
  "import { fileURLToPath as __refeedFileURLToPath } from 'node:url';",
  'const require = __refeedCreateRequire(import.meta.url);',
  'const __filename = __refeedFileURLToPath(import.meta.url);',
  "const __dirname = __refeedFileURLToPath(new URL('.', import.meta.url));",
].join(' ');

/** Builds into `outdir` (dist/server by default; the browser tests build a private copy). */
export async function buildServer({ outdir = SERVER_DIST } = {}) {
  await compileCatalogues();
  rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  await build({
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir,
    bundle: true,
    external: EXTERNAL,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    // No comments and no indentation (names are kept: stack traces stay readable), and an ASCII-only file
    // (esbuild escapes strings; our regular expressions write non-ASCII letters as \u escapes): V8 keeps a
    // source with any other character as two bytes per character. 157 → 145 MB idle (issue #34).
    minifyWhitespace: true,
    banner: { js: COMMONJS_GLOBALS },
    logLevel: 'warning',
  });
  console.log(`server built in ${path.relative(root, outdir)} (${Date.now() - started} ms)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outFlag = process.argv.indexOf('--out-dir');
  await buildServer(outFlag > 0 ? { outdir: path.resolve(process.argv[outFlag + 1]) } : {});
}
