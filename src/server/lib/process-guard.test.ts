import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Runs `body` in a Node process of its own with the guard installed; its log lines, parsed, and exit code. */
async function runGuarded(body: string): Promise<{ lines: Array<Record<string, any>>; code: number }> {
  const script = `
    import { createLogger } from './src/server/lib/logger.ts';
    import { guardProcess } from './src/server/lib/process-guard.ts';
    guardProcess(createLogger('info'));
    ${body}
  `;
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
  const { stdout, code } = await run.then(
    ({ stdout }) => ({ stdout, code: 0 }),
    (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
  );
  return { lines: stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>), code };
}

describe('errors nobody caught', () => {
  it('logs an unhandled rejection with its stack, redacted, and the process keeps running', async () => {
    const { lines, code } = await runGuarded(`
      void Promise.reject(new Error('side task failed on /api/auth/reset-password/Tok3nT0k3nX'));
      setTimeout(() => console.log(JSON.stringify({ msg: 'still running' })), 100);
    `);
    expect(code).toBe(0);
    expect(lines.map((line) => line.msg)).toEqual(['unhandled promise rejection', 'still running']);
    expect(lines[0]).toMatchObject({ level: 50, err: { type: 'Error', message: 'side task failed on /api/auth/reset-password/[redacted]' } });
    expect(lines[0].err.stack).toContain('at ');
  });

  it('logs an uncaught exception as fatal, with its stack, and exits 1', async () => {
    const { lines, code } = await runGuarded(`
      setTimeout(() => { throw new TypeError('broken state'); }, 10);
      setTimeout(() => console.log(JSON.stringify({ msg: 'still running' })), 200);
    `);
    expect(code).toBe(1);
    expect(lines).toEqual([expect.objectContaining({ level: 60, msg: 'uncaught exception: the process stops', err: expect.objectContaining({ type: 'TypeError', message: 'broken state' }) })]);
  });
});
