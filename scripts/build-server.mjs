// Compiles the server ahead of time: one ESM bundle of our code in dist/server (npm packages stay
// imports of node_modules), so `npm start` runs plain JavaScript with no TypeScript loader.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server');

/** Every file Node starts on its own: the server, and worker-thread entries that live beside it. */
export const SERVER_ENTRIES = { index: 'src/server/index.ts', 'table-cards.worker': 'src/server/features/qr/table-cards.worker.ts' };

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  await build({
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
  });
  console.log(`server built in ${path.relative(root, outdir)} (${Date.now() - started} ms)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
