// npm's postinstall of this project (plain JavaScript, runs on the Node that runs npm, 18 or later).
// npm prints one EBADENGINE block for each dependency whose `engines.node` its own Node does not meet, and
// offers no setting to silence them (`engine-strict=false` is the default already). On a Node below 22 those
// are pg-boss, sanitize-html, mailauth and its commander/undici: they run on the Node 22 this same install
// puts in node_modules (node-<platform>-<arch>, decision 029), never on npm's Node. This prints one line
// saying so, and nothing when npm's Node meets every engine.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..');
// npm runs this with node_modules/.bin first on PATH, where `node` is the packaged Node 22: the Node npm itself
// runs on (the one its EBADENGINE warnings name) is in npm's user agent.
const npmNode = /\bnode\/v(\d+\.\d+\.\d+)/.exec(process.env.npm_config_user_agent ?? '')?.[1] ?? process.versions.node;
const current = npmNode.split('.').map(Number);

/** `>=A.B.C` (what these packages declare) checked against npm's Node; any other range is left alone. */
function below(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) return false;
  const wanted = match.slice(1).map((part) => Number(part ?? 0));
  for (let i = 0; i < 3; i++) if (current[i] !== wanted[i]) return current[i] < wanted[i];
  return false;
}

const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const names = Object.entries(lock.packages ?? {})
  .filter(([where, meta]) => where && meta.engines?.node && !meta.optional && below(String(meta.engines.node)))
  .map(([where, meta]) => `${where.split('node_modules/').pop()}@${meta.version}`);

if (names.length > 0) {
  const packaged = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const runtime = existsSync(path.join(root, 'node_modules', packaged))
    ? `the Node ${lock.packages[`node_modules/${packaged}`]?.version ?? '22'} this install added (${packaged})`
    : 'Node 22.12 or later, which you need to install on this machine (no npm package of Node 22 for it; see the README)';
  console.log(
    `refeed: the ${names.length} EBADENGINE warnings above are expected: ${names.join(', ')} ask for Node 22 and npm runs on Node v${npmNode}; ReFeed runs them on ${runtime} (decision 029).`,
  );
}
