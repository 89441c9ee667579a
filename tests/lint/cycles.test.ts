import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = path.join(import.meta.dirname, '..', '..');

/**
 * A second opinion on the lint's cycle rule (architecture/no-cycle): madge reads src/ with TypeScript's
 * resolution, type-only imports included (its default), and must find no circle (`npm run cycles`).
 */
describe('import circles', () => {
  it('madge finds none in src/, type-only imports included', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(repo, 'node_modules/madge/bin/cli.js'), '--circular', '--json', '--extensions', 'ts,tsx', '--ts-config', 'tsconfig.json', 'src/'],
      { cwd: repo, maxBuffer: 16 * 1024 * 1024 },
    );
    expect(JSON.parse(stdout)).toEqual([]);
  }, 120_000);
});
