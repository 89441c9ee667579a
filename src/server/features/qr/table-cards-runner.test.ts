import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/http/errors';
import { createFairRenderQueue, PDF_ALREADY_RUNNING_MESSAGE, PDF_BUSY_MESSAGE } from './table-cards-runner';

/** A render that finishes when the test says so. */
function controllableRenders() {
  const pending = new Map<string, () => void>();
  const started: string[] = [];
  const render = (job: string) =>
    new Promise<string>((resolve) => {
      started.push(job);
      pending.set(job, () => resolve(`pdf:${job}`));
    });
  const finish = async (job: string) => {
    pending.get(job)!();
    // Let the queue hand the slot over.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { render, started, finish };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof AppError ? `${error.status} ${error.message}` : String(error)));

describe('the table-cards render queue', () => {
  it('attack: six parallel batches of one restaurant take one place; another restaurant’s single card still gets its turn', async () => {
    const { render, started, finish } = controllableRenders();
    const queue = createFairRenderQueue(render, { maxRunning: 1, maxWaiting: 4 });
    const first = queue.run('owner-a', 'a-1');
    const others = Array.from({ length: 5 }, (_, n) => refusal(queue.run('owner-a', `a-${n + 2}`)));
    expect(await Promise.all(others)).toEqual(Array(5).fill(`503 ${PDF_ALREADY_RUNNING_MESSAGE}`));
    const single = queue.run('owner-b', 'b-1');
    expect(queue.holders()).toBe(2);
    await finish('a-1');
    expect(await first).toBe('pdf:a-1');
    expect(started).toEqual(['a-1', 'b-1']);
    await finish('b-1');
    expect(await single).toBe('pdf:b-1');
    expect(queue.holders()).toBe(0);
    // Done: the restaurant may print again.
    const again = queue.run('owner-a', 'a-7');
    await finish('a-7');
    expect(await again).toBe('pdf:a-7');
  });

  it('takes restaurants in their order of arrival and refuses only when every waiting place is another restaurant’s', async () => {
    const { render, started, finish } = controllableRenders();
    const queue = createFairRenderQueue(render, { maxRunning: 1, maxWaiting: 2 });
    const runs = ['r1', 'r2', 'r3'].map((tenant) => queue.run(tenant, tenant));
    expect(await refusal(queue.run('r4', 'r4'))).toBe(`503 ${PDF_BUSY_MESSAGE}`);
    for (const tenant of ['r1', 'r2', 'r3']) await finish(tenant);
    expect(await Promise.all(runs)).toEqual(['pdf:r1', 'pdf:r2', 'pdf:r3']);
    expect(started).toEqual(['r1', 'r2', 'r3']);
  });

  it('frees the restaurant’s place when its render fails', async () => {
    const queue = createFairRenderQueue(async (job: string) => {
      if (job === 'bad') throw new Error('boom');
      return job;
    }, { maxRunning: 1, maxWaiting: 2 });
    await expect(queue.run('r1', 'bad')).rejects.toThrow('boom');
    expect(await queue.run('r1', 'good')).toBe('good');
  });
});
