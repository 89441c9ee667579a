// Builds the client with Vite, then writes .br and .gz siblings of every text asset so the server
// sends compressed files without compressing on each request.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
// `--out-dir DIR` builds elsewhere (the browser tests build a private copy so parallel runs never clash).
const outIndex = process.argv.indexOf('--out-dir');
const dist = outIndex > 0 ? path.resolve(process.argv[outIndex + 1]) : path.join(root, 'dist/client');

execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
  cwd: root,
  stdio: 'inherit',
});

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
function* walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
let count = 0;
for (const file of walk(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.log(`client built in ${path.relative(root, dist)} (${count} files precompressed)`);
