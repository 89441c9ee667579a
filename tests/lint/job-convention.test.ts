import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The job convention's lint (eslint.config.js, decision 086), on code placed in src/server by name. */
const repo = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: repo });

async function rulesOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const DEFINE = `import { z } from 'zod';
import { defineJob } from '../jobs/queue';

export const someJob = defineJob({ name: 'core.some', payload: z.object({}), async handle() {} });
`;
const SEND = `import type { PgBoss } from '../jobs/queue';

export async function queueIt(boss: PgBoss, deps: { boss: PgBoss }) {
  await boss.send('core.some', {});
  await deps.boss.insert('core.some', []);
}
`;

describe('job convention lint', () => {
  it('refuses defineJob outside a *.jobs.ts file and boss.send/insert/upsert outside jobs/queue.ts', async () => {
    const defined = await rulesOf('src/server/core/some.ts', DEFINE);
    expect(defined).toHaveLength(1);
    expect(defined[0]).toMatch(/^no-restricted-syntax: A job is defined in a \*\.jobs\.ts file only/);
    expect(await rulesOf('src/server/core/some.jobs.ts', DEFINE)).toEqual([]);

    for (const file of ['src/server/core/some.ts', 'src/server/features/dashboard/dashboard.jobs.ts']) {
      const sent = await rulesOf(file, SEND);
      expect(sent).toHaveLength(2);
      for (const message of sent) expect(message).toMatch(/^no-restricted-syntax: Queue a job with enqueueJob, enqueueJobs or upsertJob/);
    }
  }, 120_000);
});
