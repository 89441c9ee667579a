// `npm start` calls this: rebuild the client and the server only when their output is missing or
// older than their sources, so a start after `npm install` builds once and later starts are instant.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `output` is missing or older than the newest of `sources`. */
function isStale(output, sources) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

const clientOutput = path.join(root, 'dist/client/index.html');
if (isStale(clientOutput, ['src/client', 'src/shared', 'public', 'index.html', 'diner.html', 'site.html', 'scripts/build-client.mjs', 'vite.config.ts', 'package-lock.json'])) {
  console.log(existsSync(clientOutput) ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
  execFileSync(process.execPath, [path.join(root, 'scripts/build-client.mjs')], { cwd: root, stdio: 'inherit' });
}

const serverOutput = path.join(root, 'dist/server/index.js');
if (isStale(serverOutput, ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'])) {
  console.log(existsSync(serverOutput) ? 'Server sources changed: rebuilding…' : 'Building the server (first start)…');
  await buildServer();
}
